import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { GATEWAY_LOGIN_ID, GATEWAY_TRANSACTION_KEY } from "../../emulators/src/sandboxes/payments/gateway-routes.ts";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountLookupAnswer, LpiBill, PaymentResult } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "./admin.ts";
import { callApi } from "./api.ts";
import { utilityCardPayment } from "./card-nonce.ts";
import { residentApplicant, submitHostedForm } from "./hosted-form.ts";
import { stackCrm } from "./identity.ts";
import { stackInfo } from "./stack-info.ts";

export type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };
export type PaymentAnswer = PaymentResult & ErrorBody;

export const paymentsControl = () => sandboxControl(stackInfo().sandboxes.payments as string);
export const billingControl = () => sandboxControl(stackInfo().sandboxes.billing as string);
export const CHARGE_ROUTE = "POST /gateway/v1/transactions";
export const POST_ROUTE = "POST /naviline/api/v1/payments";
/** The seeded Alarm Permit form: a fixed $25.00 fee, catalogue payment code ALARM. */
export const ALARM_FEE_CENTS = 2500;

/** "$1,234.50", as the portal writes cents (formatCents). */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** How often a sandbox served a route so far. */
export const routeCount = async (control: ReturnType<typeof sandboxControl>, route: string) =>
  (await control.counters()).byRoute[route] ?? 0;
/** How many charges the card gateway has been asked for so far (every test on the stack counts). */
export const gatewayCharges = () => routeCount(paymentsControl(), CHARGE_ROUTE);
/** How many payments the billing system has been posted so far. */
export const billingPosts = () => routeCount(billingControl(), POST_ROUTE);

/** What the payment sandbox recorded for a payment: the gateway's approved charges with its id as invoice number. */
export async function gatewayTransactionsOf(paymentId: string) {
  const response = await fetch(
    `${stackInfo().sandboxes.payments}/gateway/v1/transactions?invoiceNumber=${encodeURIComponent(paymentId)}`,
    { headers: { "x-api-login-id": GATEWAY_LOGIN_ID, "x-transaction-key": GATEWAY_TRANSACTION_KEY } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { transactions: { amountCents: number; last4: string }[] }).transactions;
}

/** POST /api/payment with its Idempotency-Key. */
export const pay = (key: string, body: Record<string, unknown>, token?: string | null) =>
  callApi<PaymentAnswer>("POST", "/api/payment", { token, body, headers: { "Idempotency-Key": key } });

/**
 * A card payment of a water bill ($10.00 more than is due, "Pay again?" answered yes) by the token's
 * user: the payment to refund (issue 32 "Refunds"). Its portal id and amount.
 */
export async function paidUtilityBill(
  account: { customerId: string; locationId: string; accountNumber: string },
  token: string | null,
): Promise<{ paymentId: string; amountCents: number }> {
  const amountCents = Math.max(await amountDueCents(account.accountNumber), 100) + 1000;
  const paid = await pay(randomUUID(), await utilityCardPayment(account.accountNumber, amountCents), token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { paymentId: paid.body.paymentId, amountCents };
}

/** POST /api/paymentLPI with its Idempotency-Key. */
export const payLpi = (key: string, body: Record<string, unknown>, token: string | null) =>
  callApi<PaymentAnswer>("POST", "/api/paymentLPI", { token, body, headers: { "Idempotency-Key": key } });

/** What a utility account owes, as a payment may pay it (at least $1). */
export async function amountDueCents(accountNumber: string): Promise<number> {
  const answer = await callApi<AccountLookupAnswer>("GET", `/api/naviline/account?accountNumber=${accountNumber}`);
  expect(answer.status).toBe(200);
  return Math.max(100, Math.round(answer.body.OutputParms.AmountDueWithoutPending * 100));
}

/** The CRM marks the LPI application paid (Payment_Required__c false) and its bill shows nothing due. */
export async function expectLpiPaid(applicationId: string, token: string): Promise<void> {
  const record = await stackCrm().retrieve<{ Id: string; Payment_Required__c: boolean }>(
    "LPI_Application__c",
    applicationId,
  );
  expect(record.Payment_Required__c).toBe(false);
  const bill = await callApi<LpiBill>("GET", `/api/lpiPayment/${applicationId}`, { token });
  expect(bill.body.amountCents).toBe(0);
}

/** A resident opens the Alarm Permit form and submits it in the hosted page (not yet told to the portal). */
export async function submittedAlarmForm(token: string): Promise<string> {
  const minted = await callApi<{ url: string; portalSubmissionId: string }>(
    "GET",
    `/api/laserfiche/formUrl?bpid=${SEEDED_FORM_PROCESSES.alarmPermit}`,
    { token },
  );
  expect(minted.status).toBe(200);
  const filled = await submitHostedForm(minted.body.url, {
    ...residentApplicant(),
    alarmCompany: "Fox Valley Alarms",
    alarmType: "Burglary",
  });
  expect(filled.status).toBe(200);
  return minted.body.portalSubmissionId;
}

/**
 * A record of the seeded resident's that owes late payment interest, made for one test: a water
 * account in the CRM with `dollars` of interest. A letter's record link files one application per
 * record (issue 32), so a test that needs a new application needs a record of its own.
 */
export async function newLpiParent(dollars = 25, contactId = seededUser("resident").salesforceId as string) {
  const serial = Date.now() % 1_000_000_000;
  return stackCrm().create("Utility_Account__c", {
    Customer_Id__c: String(serial).padStart(9, "0"),
    Location_Id__c: String(999_999_999 - serial).padStart(9, "0"),
    Street_Number__c: "1",
    Street_Name__c: "Test",
    Street_Suffix__c: "St",
    Contact__c: contactId,
    Owner_Name__c: "TEST, LPI",
    Standing__c: "current",
    Late_Payment_Interest__c: dollars,
  });
}

/** A new late-payment-interest application of the seeded resident ($25.00 due): its CRM id and number. */
export async function newLpiApplication(token: string): Promise<{ Id: string; caseNumber: string }> {
  const created = await callApi<{ Id: string; caseNumber: string }>("POST", "/api/payment/createLPIUserActivities", {
    token,
    body: {
      sfParentId: await newLpiParent(),
      activityId: "LATE_PAYMENT_INTEREST",
      userId: seededUser("resident").uid,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

export const newKey = () => randomUUID();

/**
 * Bills no other test pays, so a first payment is not asked "Pay again?": the last current water
 * account that has no contact and no autopay (`which`: another such account, counted from the end, for
 * a file whose payments must not meet another file's), and the fourth business's license for this year.
 */
export function billsNobodyPays(which = -1) {
  const seed = buildBillingSeed();
  const account = seed.accounts
    .filter((candidate) => candidate.standing === "current" && !candidate.contactId && !candidate.autopay)
    .at(which);
  const license = seed.licenses[4];
  if (!account || !license) throw new Error("the billing seed has no such account or license");
  const year = String(new Date().getUTCFullYear() % 100).padStart(2, "0");
  const dues = license.dues[year] ?? { feeCents: 0, penaltyCents: 0 };
  return {
    account: {
      customerId: account.customerId,
      locationId: account.locationId,
      accountNumber: `${account.customerId}-${account.locationId}`,
    },
    license: {
      request: { licenseYear: year, licenseNumber: license.licenseNumber, licensePIN: license.pin },
      dueCents: dues.feeCents + dues.penaltyCents,
    },
  };
}

/**
 * Links a water account to the seeded organization (Fox River Bakery has none in the seed), as its
 * approver would. Returns the unlink, which the test must call (other files see the organization).
 */
export async function linkToSeededOrganization(account: { customerId: string; locationId: string }) {
  const link = testAdmin()
    .db.collection("billingAccounts")
    .doc(`org_${SEEDED_ORGANIZATION_ID}_${account.customerId}_${account.locationId}`);
  await link.set({
    userId: null,
    organizationId: SEEDED_ORGANIZATION_ID,
    customerId: account.customerId,
    locationId: account.locationId,
    streetNumber: "1",
    serviceAddress: null,
    createdAt: new Date(),
  });
  return async () => {
    await link.delete();
  };
}
