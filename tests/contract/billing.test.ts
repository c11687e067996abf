import { describe, expect, it } from "vitest";
import { billingSandbox } from "../../emulators/src/sandboxes/billing/index.ts";
import { cityDay } from "../../emulators/src/sandboxes/billing/store.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { createHttpBillingConnector } from "../../functions/src/connectors/billing/http-billing-connector";
import { cityToday } from "../../functions/src/contract/city-time";
import type { ConnectorError } from "../../functions/src/platform/connector-error";
import { connectorFailure } from "../kit/connector-error.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const billing = () => createHttpBillingConnector();
const { goodAccount, delinquentAccount, negativeAccount, autopayAccount, permit, license, paidLicense } =
  BILLING_FIXTURES;
const ref = (account: { customerId: string; locationId: string }) => ({
  customerId: account.customerId,
  locationId: account.locationId,
});
/** A card payment to post to an account: the gateway's transaction id and the idempotency key are the caller's. */
const cardPosting = (
  account: { customerId: string; locationId: string },
  amountCents: number,
  gatewayTransactionId: string,
  idempotencyKey: string,
) => ({ ...ref(account), amountCents, gatewayTransactionId, method: "CARD" as const, idempotencyKey });

async function expectConnectorError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  const error = await connectorFailure(work);
  expect(error.kind).toBe(kind);
  expect(error.system).toBe("billing");
}

const running = useSandbox(billingSandbox, { BILLING_TIMEOUT_MS: "2000" });

describe("account lookup", () => {
  it("answers a good account with ErrorCode 0000, the amount due in cents and the due date", async () => {
    const { OutputParms } = await billing().lookupAccount(goodAccount.accountNumber);
    expect(OutputParms.ErrorCode).toBe("0000");
    expect(OutputParms.AmountDueWithoutPendingCents).toBeGreaterThan(0);
    expect(Number.isInteger(OutputParms.AmountDueWithoutPendingCents)).toBe(true);
    expect(OutputParms.DueDateOfLastBill).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("reads the trailing-minus negative balance as a negative amount", async () => {
    const { OutputParms } = await billing().lookupAccount(negativeAccount.accountNumber);
    expect(OutputParms).toMatchObject({ ErrorCode: "0000", AmountDueWithoutPendingCents: -1250 });
  });

  it("finds an account typed without leading zeros", async () => {
    const typed = `${Number(goodAccount.customerId)}-${Number(goodAccount.locationId)}`;
    expect((await billing().lookupAccount(typed)).OutputParms.ErrorCode).toBe("0000");
  });

  it("passes on the error code of an unknown account", async () => {
    const { OutputParms } = await billing().lookupAccount("999999999-999999999");
    expect(OutputParms.ErrorCode).not.toBe("0000");
    expect(OutputParms.AmountDueWithoutPendingCents).toBe(0);
  });
});

describe("linking an account to a user", () => {
  it("links when the street number matches and unlinks again", async () => {
    const result = await billing().linkAccount({
      ...ref(goodAccount),
      webUserId: "seed-resident",
      streetNumber: ` ${goodAccount.streetNumber} `,
    });
    expect(result).toMatchObject({ linked: true });
    await billing().unlinkAccount({ ...ref(goodAccount), webUserId: "seed-resident" });
    await expectConnectorError(
      billing().unlinkAccount({ ...ref(goodAccount), webUserId: "seed-resident" }),
      "not_found",
    );
  });

  it("refuses a street number that is not the service address's", async () => {
    const result = await billing().linkAccount({ ...ref(goodAccount), webUserId: "seed-resident", streetNumber: "1" });
    expect(result).toEqual({ linked: false, reason: "utility-account-street-number-mismatch" });
    const raw = await fetch(
      `${running.sandbox.env.BILLING_BASE_URL}/api/v1/accounts/${goodAccount.customerId}/${goodAccount.locationId}/web-users`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-nl-api-key": running.sandbox.env.BILLING_API_KEY as string },
        body: JSON.stringify({ WebUserId: "u1", StreetNumber: "1" }),
      },
    );
    expect(raw.status).toBe(400);
    expect((await raw.json()).message).toBe("utility-account-street-number-mismatch");
  });

  it("says not found for an unknown customer/location", async () => {
    await expectConnectorError(
      billing().linkAccount({ customerId: "1", locationId: "2", webUserId: "u", streetNumber: "1" }),
      "not_found",
    );
  });
});

describe("billing history and bills", () => {
  it("has 18 months of history with usage and no delinquency on a good account", async () => {
    const history = await billing().billingHistory(ref(goodAccount));
    expect(history.historyMonthly).toHaveLength(18);
    for (const month of history.historyMonthly) {
      expect(month.gallons).toBeGreaterThan(0);
      expect(month.billedUnits).toBeGreaterThan(0);
      expect(Number.isInteger(month.amountCents)).toBe(true);
    }
    expect(history.totalAmountDueCents).toBe(history.historyMonthly.at(-1)?.amountCents);
    expect(history.accountDelinquentStatuses).toEqual([]);
  });

  it("reports past-due bills of a delinquent account", async () => {
    const history = await billing().billingHistory(ref(delinquentAccount));
    expect(history.accountDelinquentStatuses.length).toBeGreaterThanOrEqual(3);
    expect(history.accountDelinquentStatuses[0]).toMatchObject({
      type: "PAST DUE",
      accountNumber: delinquentAccount.accountNumber,
    });
    const overdue = history.accountDelinquentStatuses.reduce((sum, status) => sum + status.amountCents, 0);
    expect(history.totalAmountDueCents).toBeGreaterThan(overdue);
  });

  it("lists bills newest first with PDF documents a browser can open without the key", async () => {
    const bills = await billing().bills(ref(goodAccount));
    expect(bills).toHaveLength(18);
    const [newest, previous] = bills;
    expect((newest?.billDate ?? "") > (previous?.billDate ?? "")).toBe(true);
    expect(newest?.amountDueWithoutPendingCents).toBeGreaterThan(0);
    expect(bills[1]?.amountDueWithoutPendingCents).toBe(0);
    const pdf = await fetch(newest?.pdfLink ?? "");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
    const forged = await fetch((newest?.pdfLink ?? "").replace(/sig=\w+/, "sig=0000"));
    expect(forged.status).toBe(404);
  });

  it("computes a bill's amount due and current balance by one rule, as of today (issue 32)", async () => {
    for (const account of [goodAccount, delinquentAccount]) {
      const [bills, history] = await Promise.all([
        billing().bills(ref(account)),
        billing().billingHistory(ref(account)),
      ]);
      // Newest first: a bill's balance is what is open on it plus the balance of the bill before it.
      bills.forEach((bill, index) => {
        const older = bills[index + 1];
        expect(bill.currentBalanceCents).toBe(bill.amountDueWithoutPendingCents + (older?.currentBalanceCents ?? 0));
      });
      // The newest bill's balance is the account's total due; a paid bill owes nothing on either figure.
      expect(bills[0]?.currentBalanceCents).toBe(history.totalAmountDueCents);
      const paid = bills.filter((bill) => bill.amountDueWithoutPendingCents === 0);
      expect(paid.length).toBeGreaterThan(0);
      for (const bill of paid.filter((candidate) => candidate !== bills[0])) expect(bill.currentBalanceCents).toBe(0);
    }
  });
});

describe("payments", () => {
  it("gives payment history v1 and v2", async () => {
    const v1 = await billing().paymentHistory(ref(goodAccount));
    expect(v1).toHaveLength(17);
    expect((v1[0]?.paymentDate ?? "") >= (v1[1]?.paymentDate ?? "")).toBe(true);
    const v2 = await billing().paymentHistoryV2(ref(goodAccount));
    expect(v2.payments).toHaveLength(17);
    expect(v2.payments[0]?.routingIds.length).toBeGreaterThan(0);
    expect(v2.monthlyTotals.reduce((sum, month) => sum + month.amountCents, 0)).toBe(
      v1.reduce((sum, p) => sum + p.amountCents, 0),
    );
    expect(v2.monthlyTotals[0]?.month).toMatch(/^\d{4}-\d{2}$/);
  });

  it("posts a payment once per idempotency key and answers routing ids", async () => {
    const before = (await billing().lookupAccount(delinquentAccount.accountNumber)).OutputParms
      .AmountDueWithoutPendingCents;
    const request = cardPosting(delinquentAccount, 5000, "60123456789", "key-delinquent-1");
    const first = await billing().postPayment(request);
    expect(first.routingIds.length).toBeGreaterThan(0);
    const again = await billing().postPayment(request);
    expect(again).toEqual(first);
    const after = (await billing().lookupAccount(delinquentAccount.accountNumber)).OutputParms
      .AmountDueWithoutPendingCents;
    expect(before - after).toBe(5000);
    const history = await billing().paymentHistory(ref(delinquentAccount));
    const posted = history.filter((payment) => payment.amountCents === 5000);
    expect(posted).toHaveLength(1);
    // Dated by the city's day (issue 32): at 10:37 PM in Chicago, that day, not UTC's next one.
    expect(posted[0]?.paymentDate).toBe(cityToday());
    expect(cityDay(new Date("2026-11-28T04:37:00Z"))).toBe("2026-11-27");
  });

  it("refuses a reused idempotency key with a different payment, and a zero amount", async () => {
    const request = cardPosting(goodAccount, 100, "1", "key-reuse");
    await billing().postPayment(request);
    await expectConnectorError(billing().postPayment({ ...request, amountCents: 200 }), "rejected");
    await expectConnectorError(
      billing().postPayment({ ...request, idempotencyKey: "key-zero", amountCents: 0 }),
      "rejected",
    );
  });
});

describe("autopay", () => {
  it("reads the seeded checking-account enrolment (C)", async () => {
    expect(await billing().autopayStatus(ref(autopayAccount))).toMatchObject({ status: "C" });
    expect(await billing().autopayStatus(ref(goodAccount))).toBeNull();
  });

  it("enrols with a card (R), savings (S), checking (C), and removes", async () => {
    const card = await billing().enrolAutopay(ref(goodAccount), { kind: "card", paymentProfileId: "PP1" });
    expect(card).toMatchObject({ status: "R", paymentProfileId: "PP1" });
    const bank = { routingNumber: "071000013", accountNumber: "123456789" };
    expect(
      (await billing().enrolAutopay(ref(goodAccount), { kind: "bank", ...bank, accountType: "savings" })).status,
    ).toBe("S");
    const checking = await billing().enrolAutopay(ref(goodAccount), { kind: "bank", ...bank, accountType: "checking" });
    expect(checking).toMatchObject({ status: "C", autopayId: card.autopayId });
    await billing().removeAutopay(checking.autopayId);
    expect(await billing().autopayStatus(ref(goodAccount))).toBeNull();
    await expectConnectorError(billing().removeAutopay(checking.autopayId), "not_found");
  });

  it("rejects a routing number that fails its checksum", async () => {
    const bad = {
      kind: "bank" as const,
      routingNumber: "071000014",
      accountNumber: "123456789",
      accountType: "checking" as const,
    };
    await expectConnectorError(billing().enrolAutopay(ref(goodAccount), bad), "rejected");
  });
});

describe("permits", () => {
  const row = {
    ApplicationNumber: permit.number,
    ApplicationYear: String(permit.year),
    StreetNumber: permit.streetNumber,
  };

  it("searches by street name and number, by owner name and by parcel number", async () => {
    const byAddress = await billing().searchPermits({
      streetName: permit.streetName.toLowerCase(),
      streetNumber: permit.streetNumber,
    });
    expect(byAddress).toContainEqual(expect.objectContaining(row));
    const byOwner = await billing().searchPermits({ ownerName: permit.ownerName.split(",")[0]?.toLowerCase() ?? "" });
    expect(byOwner).toContainEqual(expect.objectContaining({ ...row, Name: permit.ownerName }));
    const byParcel = await billing().searchPermits({ parcelNumber: permit.parcelNumber });
    expect(byParcel.length).toBeGreaterThan(0);
    expect(byParcel.every((found) => found.StreetNumber === permit.streetNumber)).toBe(true);
    expect(await billing().searchPermits({ streetName: "NO SUCH STREET" })).toEqual([]);
  });

  it("gives the detail by year and number, and an ErrorCode for an unknown permit", async () => {
    const detail = await billing().permitDetail(permit.year, permit.number);
    expect(detail).toMatchObject({
      ErrorCode: "0000",
      Parcel: permit.parcelNumber,
      Owner: permit.ownerName,
      ZoneDesc: permit.zone,
      ApplicationType: permit.applicationType,
      ApplicationStatus: permit.status,
      ContractorName: permit.contractorName,
      EstimatedValueCents: permit.estimatedValueCents,
      SquareFootage: permit.squareFootage,
      ApplicationDate: permit.applicationDate,
      Address: `${permit.streetNumber} ${permit.streetName} ${permit.streetSuffix}`,
    });
    const unknown = await billing().permitDetail(1999, "99999");
    expect(unknown.ErrorCode).not.toBe("0000");
    expect(unknown.ErrorCode).not.toBe("");
  });
});

describe("business license fees", () => {
  it("calculates fees and penalty in cents for a license with its PIN", async () => {
    const result = await billing().calculateLicenseFees({
      licenseYear: license.year,
      licenseNumber: license.licenseNumber,
      licensePIN: license.pin,
    });
    expect(result).toMatchObject({
      success: true,
      feeCents: license.dues?.feeCents ?? 0,
      penaltyCents: license.dues?.penaltyCents ?? 0,
    });
    expect(result.feeCents).toBeGreaterThanOrEqual(100);
    const typedLoosely = license.licenseNumber.toLowerCase().replace("bl-", "");
    expect(
      (
        await billing().calculateLicenseFees({
          licenseYear: license.year,
          licenseNumber: typedLoosely,
          licensePIN: license.pin,
        })
      ).success,
    ).toBe(true);
  });

  it("answers no fees for a renewed license and no success for a wrong PIN", async () => {
    const paid = await billing().calculateLicenseFees({
      licenseYear: paidLicense.year,
      licenseNumber: paidLicense.licenseNumber,
      licensePIN: paidLicense.pin,
    });
    expect(paid).toMatchObject({ success: true, feeCents: 0 });
    const wrong = await billing().calculateLicenseFees({
      licenseYear: license.year,
      licenseNumber: license.licenseNumber,
      licensePIN: "0000",
    });
    expect(wrong.success).toBe(false);
    expect(wrong.message).not.toBe("");
  });
});

describe("faults and counters", () => {
  it("gives up on a slow system within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "BILLING_TIMEOUT_MS", async () => {
      await expectConnectorError(billing().lookupAccount(goodAccount.accountNumber), "unavailable");
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the system's own failures (failureRate 1) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectConnectorError(billing().billingHistory(ref(goodAccount)), "unavailable");
    await expectConnectorError(billing().lookupAccount(goodAccount.accountNumber), "unavailable");
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectConnectorError(billing().permitDetail(permit.year, permit.number), "unavailable");
  });

  it("counts requests per route", async () => {
    await billing().lookupAccount(goodAccount.accountNumber);
    await billing().lookupAccount(delinquentAccount.accountNumber);
    await billing().searchPermits({ ownerName: "x" });
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /naviline/api/v1/permits"]).toBe(1);
  });

  it("refuses calls without the API key, which the adapter reports as unavailable", async () => {
    process.env.BILLING_API_KEY = "wrong";
    try {
      await expectConnectorError(billing().lookupAccount(goodAccount.accountNumber), "unavailable");
    } finally {
      process.env.BILLING_API_KEY = running.sandbox.env.BILLING_API_KEY;
    }
  });
});
