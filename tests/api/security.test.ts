import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { billingSandbox } from "../../emulators/src/sandboxes/billing/index.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { billingConfigFromEnv } from "../../functions/src/connectors/billing/config.ts";
import { createHttpBillingConnector } from "../../functions/src/connectors/billing/http-billing-connector.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import { PHONE_EXIF_WITH_LOCATION } from "../../functions/src/platform/__tests__/phone-exif.ts";
import { paths } from "../../web/src/config/paths.ts";
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi, putProfileImage } from "../kit/api.ts";
import { stackCrm, tokenSignedInMinutesAgo } from "../kit/identity.ts";
import { freshSignedInUser, nextSecond, principal, signIn } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { resetThrottles } from "../kit/throttles.ts";

const created: string[] = [];
afterAll(() => deleteCreatedUsers(created));

/** A new identity user with a users/{uid} record, signed in; with the admin claim when asked. */
const freshUser = (label: string, options?: { admin?: boolean; emailVerified?: boolean }) =>
  freshSignedInUser(label, created, options);

describe("finding 3: no page can be framed", () => {
  const concrete = (pattern: string) => pattern.replace(/\/:[A-Za-z]+\?/g, "").replace(/:[A-Za-z]+/g, "x");
  const pages = [
    ...new Set([
      ...Object.values(paths).map((entry) => concrete(entry.path)),
      // The pages the mobile app opens, which used to allow any framer, and their sub-paths.
      "/mobileWebView/box",
      "/mobileWebView/anything",
      "/add-stored-payment-mobile",
      "/add-stored-payment-mobile/x",
      "/openMobileApp",
      "/openMobileApp/x",
      "/no-such-page",
    ]),
  ];

  it(`every page (${pages.length}) answers frame-ancestors 'none' and X-Frame-Options DENY`, async () => {
    const problems: string[] = [];
    for (const page of pages) {
      const response = await fetch(`${stackInfo().portalUrl}${page}`, { method: "HEAD" });
      const csp = response.headers.get("content-security-policy") ?? "";
      const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim();
      if (response.status !== 200) problems.push(`${page}: status ${response.status}`);
      if (ancestors !== "'none'") problems.push(`${page}: frame-ancestors ${ancestors}`);
      if (response.headers.get("x-frame-options") !== "DENY") problems.push(`${page}: no X-Frame-Options DENY`);
    }
    expect(problems).toEqual([]);
  });
});

describe("finding 7: tokens of demoted and disabled users stop working at once", () => {
  it("a demoted admin's token is refused on admin and verified routes; the claim and record follow", async () => {
    const { auth, db } = testAdmin();
    const demoted = await freshUser("demoted", { admin: true });
    expect((await callApi("GET", "/api/users", { token: demoted.idToken })).status).toBe(200);
    await nextSecond();

    const admin = await principal("admin");
    const answer = await callApi<{ Admin: boolean }>("PUT", `/api/users/profile/${demoted.uid}`, {
      token: admin.idToken,
      body: { Admin: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.Admin).toBe(false);
    expect((await auth.getUser(demoted.uid)).customClaims?.admin).toBe(false);
    expect((await db.collection("users").doc(demoted.uid).get()).get("Admin")).toBe(false);

    expect((await callApi("GET", "/api/users", { token: demoted.idToken })).status).toBe(401);
    expect((await callApi("GET", `/api/users/profile/${demoted.uid}`, { token: demoted.idToken })).status).toBe(401);
    // A new sign-in works, without admin.
    const fresh = await signIn(demoted.email, SEED_PASSWORD);
    expect((await callApi("GET", `/api/users/profile/${demoted.uid}`, { token: fresh })).status).toBe(200);
    expect((await callApi("GET", "/api/users", { token: fresh })).status).toBe(403);
  });

  it("a user an admin disables is refused at once", async () => {
    const { auth } = testAdmin();
    const disabled = await freshUser("disabled");
    const path = `/api/users/profile/${disabled.uid}`;
    expect((await callApi("GET", path, { token: disabled.idToken })).status).toBe(200);
    await nextSecond();

    const admin = await principal("admin");
    expect((await callApi("PUT", path, { token: admin.idToken, body: { Disabled: true } })).status).toBe(200);
    expect((await auth.getUser(disabled.uid)).disabled).toBe(true);
    expect((await callApi("GET", path, { token: disabled.idToken })).status).toBe(401);
  });

  it("a user disabled directly in the identity service is refused too, without any revocation", async () => {
    const { auth } = testAdmin();
    const user = await freshUser("disabled-directly");
    const path = `/api/users/profile/${user.uid}`;
    expect((await callApi("GET", path, { token: user.idToken })).status).toBe(200);
    await auth.updateUser(user.uid, { disabled: true });
    expect((await callApi("GET", path, { token: user.idToken })).status).toBe(401);
  });

  it("a token issued before its sessions were revoked is refused on verified and admin routes", async () => {
    // Revocation end to end, apart from the portal's demote and disable paths. Against the Auth
    // emulator firebase-admin checks revocation whatever it is asked, so this also passes without
    // checkRevoked; platform/http/revocation.test.ts proves the dispatcher asks for it.
    const { auth } = testAdmin();
    const revoked = await freshUser("revoked", { admin: true });
    const path = `/api/users/profile/${revoked.uid}`;
    expect((await callApi("GET", "/api/users", { token: revoked.idToken })).status).toBe(200);
    await nextSecond();
    await auth.revokeRefreshTokens(revoked.uid);
    expect((await callApi("GET", "/api/users", { token: revoked.idToken })).status).toBe(401);
    expect((await callApi("GET", path, { token: revoked.idToken })).status).toBe(401);
  });

  it("only an admin sets Admin or Disabled", async () => {
    const resident = await principal("resident");
    const own = `/api/users/profile/${resident.user?.uid}`;
    expect((await callApi("PUT", own, { token: resident.idToken, body: { Admin: true } })).status).toBe(403);
    expect((await callApi("PUT", own, { token: resident.idToken, body: { Disabled: false } })).status).toBe(403);
  });

  it("one 'is admin' rule: an admin claim without a verified email shows no inactive alert", async () => {
    const unverifiedAdmin = await freshUser("unverified-admin", { admin: true, emailVerified: false });
    const asUnverified = await callApi<{ Id: string }[]>("GET", "/api/systemAlerts", {
      token: unverifiedAdmin.idToken,
    });
    expect(asUnverified.status).toBe(200);
    expect(asUnverified.body.map((alert) => alert.Id)).not.toContain("alert-old-closure");
    const asAdmin = await callApi<{ Id: string }[]>("GET", "/api/systemAlerts", {
      token: (await principal("admin")).idToken,
    });
    expect(asAdmin.body.map((alert) => alert.Id)).toContain("alert-old-closure");
  });
});

describe("finding 8: values the server must not take from the client", () => {
  it("record-session records the address the server saw, not the one the browser claims", async () => {
    const { db } = testAdmin();
    const resident = await principal("resident2");
    const answer = await callApi<{ Id: string }>(
      "GET",
      "/api/record-session?platform=web&ipAddress=203.0.113.10&isLoggingIn=false",
      { token: resident.idToken, headers: { "x-forwarded-for": "198.51.100.7" } },
    );
    expect(answer.status).toBe(200);
    const event = db.collection("userEvents").doc(answer.body.Id);
    try {
      // Locally the function's peer is the Hosting emulator on this machine.
      expect((await event.get()).get("ipAddress")).toBe("127.0.0.1");
    } finally {
      await event.delete();
    }
  });

  it("the embedded form's parentOrigin is the configured portal origin, whatever Referer or X-Forwarded-Host say", async () => {
    const resident = await principal("resident");
    const answer = await callApi<{ url: string }>("GET", "/api/laserfiche/formUrl?bpid=1030", {
      token: resident.idToken,
      headers: { referer: "https://evil.example/page", "x-forwarded-host": "evil.example" },
    });
    expect(answer.status).toBe(200);
    expect(new URL(answer.body.url).searchParams.get("parentOrigin")).toBe(new URL(stackInfo().portalUrl).origin);
  });
});

describe("finding 5: a late-payment-interest application hangs only off the caller's own records", () => {
  it("refuses another user's permit or utility account and creates nothing; accepts the caller's own permit", async () => {
    const resident = await principal("resident");
    const uid = resident.user?.uid as string;
    const lpiCount = () => stackCrm().count(soql`SELECT COUNT() FROM LPI_Application__c`);
    const create = (sfParentId: string) =>
      callApi<{ Id: string }>("POST", "/api/payment/createLPIUserActivities", {
        token: resident.idToken,
        body: { sfParentId, activityId: "LATE_PAYMENT_INTEREST", userId: uid },
      });
    const before = await lpiCount();
    for (const others of [
      city().delinquentUtilityAccount.Id,
      city().seededActivities.approverOrganizationPermit,
      city().seededActivities.residentLpiApplication,
    ]) {
      const answer = await create(others);
      expect(answer.status, others).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: "not_found" } });
    }
    expect(await lpiCount()).toBe(before);

    const own = await create(city().seededActivities.residentPaymentDuePermit);
    expect(own.status).toBe(200);
    expect(await lpiCount()).toBe(before + 1);
  });
});

describe("finding 2: the organization search shows only what the picker needs", () => {
  type Hits = { searchRecords: Record<string, unknown>[] };
  const search = async (query: string) =>
    callApi<Hits>("GET", `/api/salesforce/organizations?${query}`, { token: (await principal("noCrm")).idToken });

  it("answers id, name and city only: no tax id", async () => {
    const answer = await search("name=Street");
    expect(answer.status).toBe(200);
    expect(answer.body.searchRecords.length).toBeGreaterThan(0);
    for (const hit of answer.body.searchRecords) expect(Object.keys(hit).sort()).toEqual(["BillingCity", "Id", "Name"]);
    expect(JSON.stringify(answer.body)).not.toMatch(/\b36-\d{7}\b/);
  });

  it("exclude never pages past the first 7 hits", async () => {
    const first = await search("name=Street");
    expect(first.body.searchRecords).toHaveLength(7);
    const seen = first.body.searchRecords.map((hit) => String(hit.Id));
    const next = await search(`name=Street&exclude=${encodeURIComponent(seen.join(","))}`);
    expect(next.status).toBe(200);
    expect(next.body.searchRecords).toEqual([]);
    const allStreet = city().organizations.filter((organization) => organization.Name.includes("Street"));
    expect(allStreet.length, "the seed has more than 7 matches, so paging would show more").toBeGreaterThan(7);
  });

  it("asks the CRM once for the same name within minutes", async () => {
    const crm = stackInfo().sandboxes.crm as string;
    const queries = async () => {
      const { byRoute } = (await (await fetch(`${crm}/__control/counters`)).json()) as {
        byRoute: Record<string, number>;
      };
      return Object.entries(byRoute)
        .filter(([route]) => route.includes("query"))
        .reduce((sum, [, count]) => sum + count, 0);
    };
    const name = "name=Bakery";
    await search(name);
    const before = await queries();
    for (let i = 0; i < 3; i++) expect((await search(name)).status).toBe(200);
    expect(await queries()).toBe(before);
  });
});

describe("finding 1: water accounts can't be taken over by guessing", () => {
  const steps = { firstName: "Rosa", lastName: "Martinez", phoneNumber: "(847) 555-0199" };
  const match = (token: string, utilityAccountId: string, utilityStreetNumber: string) =>
    callApi<{ error: { code: string; message: string; fields?: unknown } }>(
      "POST",
      "/api/salesforce/matchToSalesforceContact",
      { token, body: { ...steps, utilityAccountId, utilityStreetNumber } },
    );

  it("answers an unknown account exactly as a wrong street number", async () => {
    await resetThrottles();
    const user = await freshUser("guesser");
    const account = BILLING_FIXTURES.negativeAccount;
    const wrongStreet = await match(user.idToken, account.accountNumber, "99999");
    const unknown = await match(user.idToken, "987654321-999", "99999");
    const unknownCustomer = await match(user.idToken, "987654321", "99999");
    for (const answer of [wrongStreet, unknown, unknownCustomer]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: "bad_request",
        message: "utility-account-street-number-mismatch",
      });
      expect(answer.body.error.fields).toBeUndefined();
    }
  });

  it("a few wrong guesses per account an hour, whoever guesses: then 429 with Retry-After", async () => {
    await resetThrottles();
    const account = BILLING_FIXTURES.delinquentAccount;
    const first = await freshUser("guesser-a");
    for (let guess = 1; guess <= 5; guess++) {
      expect((await match(first.idToken, account.accountNumber, String(90000 + guess))).status).toBe(400);
    }
    const refused = await match(first.idToken, account.accountNumber, "90006");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another portal user, and the same account typed with leading zeros, share the account's budget.
    const second = await freshUser("guesser-b");
    // The same account typed with spaces (leading zeros: utilityAccountKey's unit test).
    const retyped = account.accountNumber.replace("-", " - ");
    expect(retyped).not.toBe(account.accountNumber);
    expect((await match(second.idToken, retyped, "90007")).status).toBe(429);
    await resetThrottles();
  });

  it("can't be called again once the account is created", async () => {
    const resident = await principal("resident");
    const account = BILLING_FIXTURES.negativeAccount;
    const again = await match(resident.idToken as string, account.accountNumber, account.streetNumber);
    expect(again.status).toBe(409);
  });

  it("the account's existing portal holder is told in their messages when another user links it", async () => {
    await resetThrottles();
    const { db } = testAdmin();
    const holder = seededUser("resident").uid;
    const account = BILLING_FIXTURES.goodAccount;
    const before = await db.collection("notifications").where("UserId", "==", holder).get();
    const newcomer = await freshUser("newcomer");
    const linked = await match(newcomer.idToken, account.accountNumber, account.streetNumber);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    try {
      const after = await db.collection("notifications").where("UserId", "==", holder).get();
      const told = after.docs.filter((doc) => !before.docs.some((old) => old.id === doc.id));
      expect(told.map((doc) => doc.get("Title"))).toEqual(["Another portal user linked your water account"]);
      expect(told[0]?.get("Body")).toContain("linked the water account at");
      await Promise.all(told.map((doc) => doc.ref.delete()));
    } finally {
      const links = await db.collection("billingAccounts").where("userId", "==", newcomer.uid).get();
      await Promise.all(links.docs.map((doc) => doc.ref.delete()));
    }
  });
});

describe("finding 8: profile pictures lose their EXIF location", () => {
  it("a phone photo with a GPS position is stored and served without EXIF", async () => {
    const user = await freshUser("photo");
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#2a7" } })
      .jpeg()
      .withExif(PHONE_EXIF_WITH_LOCATION)
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await putProfileImage(user.idToken, { bytes: photo, type: "image/jpeg", name: "me.jpg" });
    const body = (await response.json()) as { url: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const served = Buffer.from(await (await fetch(`${stackInfo().portalUrl}${body.url}`)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(served.includes("PhoneMaker")).toBe(false);
  });
});

describe("finding 8: deleting an account needs a recent sign-in and leaves nothing behind", () => {
  it("refuses a sign-in older than five minutes with recent-sign-in-required and deletes nothing", async () => {
    const user = await freshUser("stale-delete");
    const stale = await tokenSignedInMinutesAgo(user.uid, user.idToken, 6);
    // The stale token is otherwise good: it reads the profile.
    expect((await callApi("GET", `/api/users/profile/${user.uid}`, { token: stale })).status).toBe(200);
    const answer = await callApi("DELETE", `/api/users/${user.uid}`, { token: stale });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: "forbidden", message: "recent-sign-in-required" } });
    expect((await testAdmin().auth.getUser(user.uid)).uid).toBe(user.uid);
  });

  it("removes the profile pictures, the billing system's links and the outbox records", async () => {
    const { db } = testAdmin();
    const user = await freshUser("full-delete");
    // A picture.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const uploaded = await putProfileImage(user.idToken, { bytes: png, type: "image/png", name: "me.png" });
    const { url } = (await uploaded.json()) as { url: string };
    expect((await fetch(`${stackInfo().portalUrl}${url}`)).status).toBe(200);
    // A link in the billing system, and the portal's record of it.
    const billing = createHttpBillingConnector(
      billingConfigFromEnv(billingSandbox.env(stackInfo().sandboxes.billing as string) as NodeJS.ProcessEnv),
    );
    const account = BILLING_FIXTURES.negativeAccount;
    const link = { customerId: account.customerId, locationId: account.locationId };
    expect(
      await billing.linkAccount({ ...link, webUserId: user.uid, streetNumber: account.streetNumber }),
    ).toMatchObject({ linked: true });
    await db
      .collection("billingAccounts")
      .doc(`user_${user.uid}_sec`)
      .set({ userId: user.uid, ...link });
    // A form submission waiting in the outbox.
    await db.collection("outbox").doc(`sec_${user.uid}`).set({ uid: user.uid, kind: "formSubmission" });

    const answer = await callApi("DELETE", `/api/users/${user.uid}`, { token: user.idToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await fetch(`${stackInfo().portalUrl}${url}`)).status).toBe(404);
    await expect(billing.unlinkAccount({ ...link, webUserId: user.uid })).rejects.toMatchObject({ kind: "not_found" });
    expect((await db.collection("outbox").where("uid", "==", user.uid).get()).size).toBe(0);
    expect((await db.collection("billingAccounts").where("userId", "==", user.uid).get()).size).toBe(0);
  });
});
