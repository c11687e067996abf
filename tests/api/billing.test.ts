import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { SEEDED_GATEWAY_CUSTOMER_PROFILE_ID } from "../../emulators/src/sandboxes/payments/index.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import {
  type BillingAccountRecord,
  ZBillingAccountRecord,
} from "../../functions/src/contract/billing-account-record.ts";
import type {
  BillingHistoryResponse,
  DelinquentStatus,
  PaymentHistoryRow,
  PaymentHistoryV2Response,
} from "../../functions/src/contract/billing-records.ts";
import type { CoreStoredPayment, PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import { BILLING_RECORD_CACHE_MS } from "../../functions/src/domains/billing/billing-records.routes.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

describe("saved payment methods (GET /api/payment-methods)", () => {
  it("answers the resident's legacy profiles with the default one marked and first, masked only", async () => {
    const resident = await principal("resident");
    const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${resident.user?.uid}`, {
      token: resident.idToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({
      Id: "9100000000000001",
      Token: "9100000000000001",
      MaskedAccountNumber: "XXXX1111",
      Type: "card",
      ProfileDescription: "Visa",
      Default: true,
    });
    expect(answer.body.filter((profile) => profile.Default)).toHaveLength(1);
    expect(JSON.stringify(answer.body)).not.toContain(SEEDED_GATEWAY_CUSTOMER_PROFILE_ID);
    expect(JSON.stringify(answer.body)).not.toMatch(/4111\d{8}/);
  });

  it("refuses another user's list with 403", async () => {
    const [resident, other] = [await principal("resident"), await principal("resident2")];
    const answer = await callApi("GET", `/api/payment-methods?userId=${other.user?.uid}`, { token: resident.idToken });
    expect(answer.status).toBe(403);
  });
});

/** The second resident, holding the delinquent water account for the test (unlinked when it ends). */
async function delinquentAccountOfResident2() {
  const { customerId, locationId, streetNumber } = BILLING_FIXTURES.delinquentAccount;
  const uid = seededUser("resident2").uid;
  const link = testAdmin().db.collection("billingAccounts").doc(`user_${uid}_${customerId}_${locationId}`);
  await link.set({ userId: uid, organizationId: null, customerId, locationId, streetNumber, serviceAddress: null });
  onTestFinished(() => link.delete().then(() => undefined));
  return principal("resident2");
}

describe("billing records (naviline)", () => {
  const billing = sandboxControl(stackInfo().sandboxes.billing as string);
  afterAll(() => billing.reset());

  it("answers the resident's bills with PDF links a browser can open, total due in cents and the history", async () => {
    const resident = await principal("resident");
    const answer = await callApi<BillingHistoryResponse>("GET", "/api/naviline/getbillinghistory", {
      token: resident.idToken,
    });
    expect(answer.status).toBe(200);
    const { goodAccount } = BILLING_FIXTURES;
    expect(answer.body.bills.length).toBeGreaterThan(0);
    expect(answer.body.bills.every((bill) => bill.accountNumber === goodAccount.accountNumber)).toBe(true);
    expect(Number.isInteger(answer.body.totalAmountDueCents)).toBe(true);
    expect(answer.body.historyMonthly.length).toBeGreaterThan(0);
    const dates = answer.body.bills.map((bill) => bill.billDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const pdf = await fetch(answer.body.bills[0]?.pdfLink as string);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("answers the billing account record (spec 2 §3, E8) of the resident's seeded account", async () => {
    await billing.reset();
    const resident = await principal("resident");
    const answer = await callApi<BillingAccountRecord[]>("GET", "/api/naviline/billingAccounts", {
      token: resident.idToken,
    });
    expect(answer.status).toBe(200);
    const records = ZBillingAccountRecord.array().parse(answer.body);
    const { goodAccount } = BILLING_FIXTURES;
    expect(records.map((record) => record.accountInfo)).toEqual([
      { customerId: goodAccount.customerId, locationId: goodAccount.locationId, type: "UTILITY" },
    ]);
    const [record] = records as [BillingAccountRecord];
    const history = await callApi<BillingHistoryResponse>("GET", "/api/naviline/getbillinghistory", {
      token: resident.idToken,
    });
    const [newest] = history.body.bills;
    // As seeded, she owes only the newest bill, all of it; the 17 bills before it are paid, one payment each.
    expect(record.upcomingBills).toEqual([
      { amountCents: history.body.totalAmountDueCents, type: newest?.type, dueDate: newest?.dueDate },
    ]);
    expect(record.upcomingBills[0]?.amountCents).toBeGreaterThan(0);
    expect(record.pastPayments).toHaveLength(17);
    const payments = await callApi<PaymentHistoryRow[]>("GET", "/api/naviline/paymenthistory", {
      token: resident.idToken,
    });
    expect(record.pastPayments.map(({ paymentDate, amountCents }) => ({ paymentDate, amountCents }))).toEqual(
      payments.body.map(({ paymentDate, amountCents }) => ({ paymentDate, amountCents })),
    );
    for (const payment of record.pastPayments) {
      // Each seeded payment paid its bill in full: $14.50 plus $6.12 per billed unit of 748 gallons.
      expect(payment.amountCents, payment.paymentDate).toBe(1_450 + (payment.billedUnits ?? Number.NaN) * 612);
      expect(payment.billedUnits).toBe(Math.round((payment.gallons ?? Number.NaN) / 748));
    }
  });

  it("answers no billing account records for a caller with no water accounts, 403 for another organization's", async () => {
    const approver = await principal("approver");
    const none = await callApi("GET", "/api/naviline/billingAccounts", { token: approver.idToken });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const resident = await principal("resident");
    const other = await callApi("GET", `/api/naviline/billingAccounts?organizationId=${SEEDED_ORGANIZATION_ID}`, {
      token: resident.idToken,
    });
    expect(other.status).toBe(403);
  });

  it("answers a second billing account record request within the cache's life without asking the billing system", async () => {
    // An account no other file reads this record of, linked for this test: the first request cannot be a cached one.
    const resident2 = await delinquentAccountOfResident2();
    const { customerId, locationId } = BILLING_FIXTURES.delinquentAccount;
    /** How many times the billing sandbox was asked for each of the record's three answers about this account. */
    const received = async () => {
      const { byRoute } = await billing.counters();
      return ["billing-history", "bills", "payments"].map(
        (answer) => byRoute[`GET /naviline/api/v1/accounts/${customerId}/${locationId}/${answer}`] ?? 0,
      );
    };
    const ask = () =>
      callApi<BillingAccountRecord[]>("GET", "/api/naviline/billingAccounts", { token: resident2.idToken });
    const before = await received();

    const startedAt = Date.now();
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.body.map((record) => record.accountInfo.customerId)).toEqual([customerId]);
    const afterFirst = await received();
    expect(afterFirst.map((count, index) => count - (before[index] ?? 0))).toEqual([1, 1, 1]);

    const second = await ask();
    expect(Date.now() - startedAt, "both requests within the cache's life").toBeLessThan(BILLING_RECORD_CACHE_MS);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await received()).toEqual(afterFirst);
  });

  it("shows the delinquent account's past-due statuses", async () => {
    const resident2 = await delinquentAccountOfResident2();
    const answer = await callApi<DelinquentStatus[]>("GET", "/api/naviline/getdelinquentstatus", {
      token: resident2.idToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body[0]).toMatchObject({
      accountNumber: BILLING_FIXTURES.delinquentAccount.accountNumber,
      amountCents: expect.any(Number),
    });
  });

  it("answers payment history v1 and v2 newest first, and 404 for a caller with no billing accounts", async () => {
    const resident = await principal("resident");
    const v1 = await callApi<PaymentHistoryRow[]>("GET", "/api/naviline/paymenthistory", { token: resident.idToken });
    expect(v1.status).toBe(200);
    expect(v1.body.length).toBeGreaterThan(0);
    const dates = v1.body.map((row) => row.paymentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const v2 = await callApi<PaymentHistoryV2Response>("GET", "/api/naviline/paymenthistoryv2", {
      token: resident.idToken,
    });
    expect(v2.status).toBe(200);
    expect(v2.body.monthlyTotals.length).toBeGreaterThan(0);
    expect(v2.body.monthlyTotals.every((month) => /^\d{4}-\d{2}$/.test(month.month))).toBe(true);

    // The business approver has no water account of their own.
    const approver = await principal("approver");
    for (const path of ["/api/naviline/paymenthistory", "/api/naviline/paymenthistoryv2"]) {
      const none = await callApi("GET", path, { token: approver.idToken });
      expect(none.status, path).toBe(404);
    }
  });

  it("refuses another organization's records with 403", async () => {
    const resident = await principal("resident");
    const answer = await callApi("GET", `/api/naviline/getbillinghistory?organizationId=${SEEDED_ORGANIZATION_ID}`, {
      token: resident.idToken,
    });
    expect(answer.status).toBe(403);
  });

  it("answers 503 JSON when the billing system is down", async () => {
    const resident = await principal("resident");
    await billing.setFaults({ down: true });
    const answer = await callApi("GET", "/api/naviline/getbillinghistory", { token: resident.idToken });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: { code: "unavailable" } });
    await billing.reset();
  });
});

describe("water billing accounts (POST/DELETE /api/naviline/paymentInformation)", () => {
  it("adds with normalised ids, refuses a duplicate (409) and a street mismatch (400), and removes", async () => {
    const resident2 = await principal("resident2");
    const uid = seededUser("resident2").uid;
    const { customerId, locationId, streetNumber } = BILLING_FIXTURES.delinquentAccount;
    const remove = () =>
      callApi(
        "DELETE",
        `/api/naviline/paymentInformation?userId=${uid}&customerId=${customerId}&locationId=${locationId}`,
        {
          token: resident2.idToken,
        },
      );
    onTestFinished(async () => {
      await remove();
    });
    const body = { userId: uid, customerId: `00${customerId}`, locationId: ` 0${locationId}`, streetNumber };

    const mismatch = await callApi("POST", "/api/naviline/paymentInformation", {
      token: resident2.idToken,
      body: { ...body, streetNumber: "99999" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: { message: "utility-account-street-number-mismatch" } });

    const added = await callApi("POST", "/api/naviline/paymentInformation", { token: resident2.idToken, body });
    expect(added.status).toBe(200);
    const stored = await testAdmin()
      .db.collection("billingAccounts")
      .doc(`user_${uid}_${customerId}_${locationId}`)
      .get();
    expect(stored.data()).toMatchObject({ userId: uid, customerId, locationId, organizationId: null });

    const duplicate = await callApi("POST", "/api/naviline/paymentInformation", { token: resident2.idToken, body });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: { message: "duplicate-payment-account" } });

    const list = await callApi<{ accountNumber: string }[]>("GET", `/api/naviline/paymentInformation?userId=${uid}`, {
      token: resident2.idToken,
    });
    expect(list.body.map((account) => account.accountNumber)).toEqual([`${customerId}-${locationId}`]);

    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect((await testAdmin().db.collection("billingAccounts").where("userId", "==", uid).get()).size).toBe(0);
  });
});

describe("stored methods and autopay", () => {
  it("adds a card through the hosted add-card frame, lists it at CORE and deletes it", async () => {
    const resident = await principal("resident");
    const uid = seededUser("resident").uid;
    const session = await callApi<{ iframeUrl: string }>("GET", "/api/core/payment-methods/iframe", {
      token: resident.idToken,
    });
    expect(session.status).toBe(200);
    const frameUrl = new URL(session.body.iframeUrl);
    const token = frameUrl.searchParams.get("token") as string;
    // The card is typed into the provider's frame; the portal only learns the stored method's id.
    const saved = await fetch(new URL("/core/v1/frames/submit", frameUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token,
        cardNumber: TEST_CARDS.approves,
        expiry: "12/39",
        cvv: "123",
        postalCode: "60120",
        nameOnCard: "Maria Lopez",
      }),
    });
    expect(saved.status).toBe(200);
    const { paymentMethodId } = (await saved.json()) as { paymentMethodId: string };
    const listed = await callApi<CoreStoredPayment[]>("GET", `/api/core/payment-methods?userId=${uid}`, {
      token: resident.idToken,
    });
    expect(listed.body).toContainEqual({
      id: paymentMethodId,
      name: "Maria Lopez",
      card_type: "Visa",
      accountnum: "****1111",
    });
    const removed = await callApi("DELETE", `/api/core/payment-methods/${paymentMethodId}/${uid}`, {
      token: resident.idToken,
    });
    expect(removed.status).toBe(200);
    const after = await callApi<CoreStoredPayment[]>("GET", `/api/core/payment-methods?userId=${uid}`, {
      token: resident.idToken,
    });
    expect(after.body.map((method) => method.id)).not.toContain(paymentMethodId);
  });

  it("enrols card autopay (R), reports the card as used by autopay, refuses a bad bank account (422), enrols bank (C) and removes it", async () => {
    const resident = await principal("resident");
    const { customerId, locationId, accountNumber } = BILLING_FIXTURES.goodAccount;
    const ids = { navilineCustomerId: customerId, navilineLocationId: locationId };
    const removeAll = () => callApi("DELETE", "/api/autopay/", { token: resident.idToken, body: { accountNumber } });
    onTestFinished(async () => {
      await removeAll();
    });

    const card = await callApi("PUT", "/api/autopay", {
      token: resident.idToken,
      body: { ...ids, savedCard: "9100000000000001" },
    });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ AutopayStatus: "R", AutopayEnabled: true, PaymentProfileId: "9100000000000001" });
    const used = await callApi<boolean>("GET", "/api/payment-methods/9100000000000001", { token: resident.idToken });
    expect(used.body).toBe(true);

    const invalid = await callApi("PUT", "/api/autopay", {
      token: resident.idToken,
      body: { ...ids, routingNumber: "123456789", accountNumber: "000123456", accountType: "checking" },
    });
    expect(invalid.status).toBe(422);

    const bank = await callApi<{ AutopayId: string }>("PUT", "/api/autopay", {
      token: resident.idToken,
      body: { ...ids, routingNumber: "021000021", accountNumber: "000123456", accountType: "checking" },
    });
    expect(bank.status).toBe(200);
    expect(bank.body).toMatchObject({ AutopayStatus: "C" });
    const notUsed = await callApi<boolean>("GET", "/api/payment-methods/9100000000000001", { token: resident.idToken });
    expect(notUsed.body).toBe(false);

    const other = await principal("resident2");
    expect((await callApi("DELETE", `/api/autopay/${bank.body.AutopayId}`, { token: other.idToken })).status).toBe(404);
    expect((await callApi("DELETE", `/api/autopay/${bank.body.AutopayId}`, { token: resident.idToken })).status).toBe(
      200,
    );
    expect((await removeAll()).status).toBe(404);
  });

  it("refuses autopay on someone else's account and a card that is not the caller's", async () => {
    const [resident, resident2] = [await principal("resident"), await principal("resident2")];
    const { customerId, locationId } = BILLING_FIXTURES.goodAccount;
    const ids = { navilineCustomerId: customerId, navilineLocationId: locationId };
    const foreign = await callApi("PUT", "/api/autopay", {
      token: resident2.idToken,
      body: { ...ids, savedCard: "9100000000000001" },
    });
    expect(foreign.status).toBe(404);
    const notMine = await callApi("PUT", "/api/autopay", {
      token: resident.idToken,
      body: { ...ids, savedCard: "9999999999999999" },
    });
    expect(notMine.status).toBe(400);
  });
});
