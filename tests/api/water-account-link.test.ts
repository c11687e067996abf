import { FieldValue } from "firebase-admin/firestore";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshResident } from "../kit/cases.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { signIn } from "../kit/principals.ts";
import { resetThrottles } from "../kit/throttles.ts";

/**
 * Issue 26 finding 1: the account page's "add water account" (POST /api/naviline/paymentInformation)
 * and onboarding's utility step are one check with one budget: wrong street numbers are limited
 * per account (whoever guesses, through either route) and per caller, and the account's existing
 * holders are told in their messages when someone else links it.
 */

type Refusal = { error: { code: string; message: string } };
const made: Awaited<ReturnType<typeof freshResident>>[] = [];
const verifiedOnly: string[] = [];
afterAll(async () => {
  for (const resident of made) await resident.remove([]);
  const { auth, db } = testAdmin();
  for (const uid of verifiedOnly) {
    await auth.deleteUser(uid).catch(() => undefined);
    await db.collection("users").doc(uid).delete();
  }
  await resetThrottles();
});
beforeEach(async () => {
  await resetThrottles();
});

/** An onboarded resident of this file's own (a CRM contact, no water account). */
async function onboarded(label: string) {
  const resident = await freshResident(label);
  made.push(resident);
  return { uid: resident.uid, token: await signIn(resident.email, resident.password) };
}

const addAccount = (
  who: { uid: string; token: string },
  account: { customerId: string; locationId: string },
  streetNumber: string,
) =>
  callApi<Refusal>("POST", "/api/naviline/paymentInformation", {
    token: who.token,
    body: { userId: who.uid, customerId: account.customerId, locationId: account.locationId, streetNumber },
  });

const onboard = (token: string, utilityAccountId: string, utilityStreetNumber: string) =>
  callApi<Refusal>("POST", "/api/salesforce/matchToSalesforceContact", {
    token,
    body: {
      firstName: "Rosa",
      lastName: "Martinez",
      phoneNumber: "(847) 555-0199",
      utilityAccountId,
      utilityStreetNumber,
    },
  });

describe("finding 1: a water account can't be linked by guessing its street number", () => {
  it("wrong street numbers for one account share one budget across callers and both routes: then 429", async () => {
    const account = BILLING_FIXTURES.negativeAccount;
    const first = await onboarded("linker-a");
    const second = await onboarded("linker-b");
    const newcomer = await freshVerifiedUser("linker-c", { password: SEED_PASSWORD, created: verifiedOnly });
    const newcomerToken = await signIn(newcomer.email, SEED_PASSWORD);
    for (let guess = 1; guess <= 2; guess++) {
      const answer = await addAccount(first, account, String(90000 + guess));
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe("utility-account-street-number-mismatch");
    }
    // Onboarding's copy of the check counts against the same account (typed as the customer id alone).
    expect((await onboard(newcomerToken, account.customerId, "90003")).status).toBe(400);
    for (let guess = 4; guess <= 5; guess++) {
      expect((await addAccount(second, account, String(90000 + guess))).status).toBe(400);
    }
    const refused = await addAccount(second, account, account.streetNumber);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await onboard(newcomerToken, account.accountNumber, account.streetNumber)).status).toBe(429);
    // Nothing was linked.
    const links = await testAdmin()
      .db.collection("billingAccounts")
      .where("customerId", "==", account.customerId)
      .get();
    expect(links.docs.filter((doc) => [first.uid, second.uid].includes(doc.get("userId")))).toHaveLength(0);
  });

  it("one caller's wrong guesses across many accounts are limited too (10 an hour)", async () => {
    const guesser = await onboarded("linker-d");
    for (let index = 0; index < 10; index++) {
      const answer = await addAccount(guesser, { customerId: String(987650000 + index), locationId: "1" }, "1");
      expect(answer.status).toBe(400);
    }
    const refused = await addAccount(guesser, { customerId: "987659999", locationId: "1" }, "1");
    expect(refused.status).toBe(429);
  });

  it("the account's existing holder is told in their messages, in their language, when another resident links it", async () => {
    const { db } = testAdmin();
    const holder = seededUser("resident").uid;
    const holderDoc = db.collection("users").doc(holder);
    // Other suites switch this resident's language, so the test sets the one it expects and puts it back.
    const languageBefore = (await holderDoc.get()).get("Language");
    await holderDoc.update({ Language: "es" });
    const account = BILLING_FIXTURES.goodAccount;
    const before = await db.collection("notifications").where("UserId", "==", holder).get();
    const other = await onboarded("linker-e");
    try {
      const linked = await addAccount(other, account, account.streetNumber);
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      const after = await db.collection("notifications").where("UserId", "==", holder).get();
      const told = after.docs.filter((doc) => !before.docs.some((old) => old.id === doc.id));
      expect(told.map((doc) => doc.get("Title"))).toEqual(["Otro usuario del portal vinculó su cuenta de agua"]);
      expect(told[0]?.get("Body")).toContain("vinculó a ella la cuenta de agua de");
      await Promise.all(told.map((doc) => doc.ref.delete()));
    } finally {
      await holderDoc.update({ Language: languageBefore ?? FieldValue.delete() });
      const links = await db.collection("billingAccounts").where("userId", "==", other.uid).get();
      await Promise.all(links.docs.map((doc) => doc.ref.delete()));
    }
  });
});
