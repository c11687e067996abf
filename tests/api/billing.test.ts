import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { SEEDED_GATEWAY_CUSTOMER_PROFILE_ID } from "../../emulators/src/sandboxes/payments/index.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type {
  BillingHistoryResponse,
  DelinquentStatus,
  PaymentHistoryRow,
  PaymentHistoryV2Response,
} from "../../functions/src/contract/billing-records.ts";
import type { PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
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

  it("shows the delinquent account's past-due statuses", async () => {
    const resident2 = await principal("resident2");
    const { customerId, locationId, streetNumber } = BILLING_FIXTURES.delinquentAccount;
    const uid = seededUser("resident2").uid;
    const link = testAdmin().db.collection("billingAccounts").doc(`user_${uid}_${customerId}_${locationId}`);
    await link.set({ userId: uid, organizationId: null, customerId, locationId, streetNumber, serviceAddress: null });
    onTestFinished(() => link.delete().then(() => undefined));
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
