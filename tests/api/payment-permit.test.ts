import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentResult, PermitFee } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { freshResident, namedActivities } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { CHARGE_ROUTE, paymentsControl, routeCount } from "../kit/payments.ts";
import { type PendingPermit, pendingPermitOf } from "../kit/permit-fee.ts";
import { principal, signIn } from "../kit/principals.ts";

/**
 * Issue 32, spec 2 §2 and §9: a case's fee (PERMIT) is the CRM record's amount with its itemized
 * lines; the page names the case number only. Paid once, recorded on the case.
 */

const charges = () => routeCount(paymentsControl(), CHARGE_ROUTE);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

const feeOf = (accountNumber: string, token?: string | null) =>
  callApi<PermitFee & ErrorBody>("GET", `/api/payment/permit-fee?${new URLSearchParams({ accountNumber })}`, { token });

const pay = async (token: string, accountNumber: string, amountCents: number, key = randomUUID()) =>
  callApi<PaymentResult & ErrorBody>("POST", "/api/payment", {
    token,
    headers: { "Idempotency-Key": key },
    body: { paymentType: "PERMIT", nonce: await cardNonce("approves"), amountCents, permit: { accountNumber } },
  });

describe("permit fees: GET /api/payment/permit-fee and POST /api/payment (PERMIT)", () => {
  let resident: Awaited<ReturnType<typeof freshResident>>;
  let permit: PendingPermit;
  let token: string;

  beforeAll(async () => {
    resident = await freshResident("permit-fee-api");
    permit = await pendingPermitOf(resident.contactId);
    token = await signIn(resident.email, resident.password);
  });
  afterAll(async () => resident?.remove(permit?.records ?? []));

  it("answers the seeded resident's permit fee as the CRM itemizes it, booked under BUILDING", async () => {
    const seeded = await stackCrm().retrieve("COE_Permit__c", namedActivities().residentPaymentDuePermit);
    const fee = await feeOf(String(seeded.Name), (await principal("resident")).idToken);
    expect(fee.status).toBe(200);
    expect(fee.body).toMatchObject({
      accountNumber: seeded.Name,
      accountType: "PERMIT",
      activityId: seeded.Id,
      activityType: "COE_Permit__c",
      paymentCode: "BLDPRMT",
      codeGroup: "BUILDING",
      amountCents: 7500,
      itemizedBill: [
        { applicationNumber: seeded.Name, applicationName: "Permit fee", applicationFeeCents: 6000 },
        { applicationNumber: seeded.Name, applicationName: "Plan review fee", applicationFeeCents: 1500 },
      ],
      paid: null,
    });
  });

  it("is 404 for someone else's case and for a number no case has, and charges nothing for them", async () => {
    const before = await charges();
    const other = await principal("resident2");
    expect((await feeOf(permit.caseNumber, other.idToken)).status).toBe(404);
    expect((await feeOf("COE-1999-99999", token)).status).toBe(404);
    expect((await pay(other.idToken as string, permit.caseNumber, 7500)).status).toBe(404);
    expect(await charges()).toBe(before);
  });

  it("refuses an amount other than the CRM's without charging, then of two attempts at once charges one and records it on the case", async () => {
    const before = await charges();
    const forged = await pay(token, permit.caseNumber, 100);
    expect([forged.status, forged.body.error?.fields?.amountCents]).toEqual([400, "Invalid"]);
    expect(await charges()).toBe(before);

    // Two tabs, a key each: the case's fee is claimed once.
    const [first, second] = await Promise.all([
      pay(token, permit.caseNumber, 7500),
      pay(token, permit.caseNumber, 7500),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await charges()) - before).toBe(1);
    const paid = first.status === 200 ? first.body : second.body;
    expect(paid).toMatchObject({
      paymentType: "PERMIT",
      accountNumber: permit.caseNumber,
      amountCents: 7500,
      activity: { type: "COE_Permit__c", id: permit.id },
    });

    // The payment log books it under its code group, for this case.
    const logged = await testAdmin().db.collection("payments").doc(paid.paymentId).get();
    expect([logged.get("state"), logged.get("codeGroup"), logged.get("reference")]).toEqual([
      "succeeded",
      "BUILDING",
      `PERMIT:${permit.id}`,
    ]);

    // The case left Pending Payment and names the payment; its fee shows paid, with nothing due.
    expect(await stackCrm().retrieve("COE_Permit__c", permit.id)).toMatchObject({
      Status__c: "Ready for Issuance",
      Payment_Required__c: false,
      Payment_Transaction_Id__c: paid.authNetTransId,
      Paid_Amount__c: 75,
    });
    const fee = await feeOf(permit.caseNumber, token);
    expect(fee.body).toMatchObject({
      amountCents: 0,
      paid: { amountCents: 7500, transactionId: paid.authNetTransId, receiptId: paid.paymentId },
    });
    const detail = await callApi<{ payment: unknown; status: string }>(
      "GET",
      `/api/salesforce/activity/COE_Permit__c/${permit.id}`,
      { token },
    );
    expect(detail.body).toMatchObject({ status: "Ready for Issuance", payment: { amountCents: 7500 } });

    // A later attempt is refused too.
    const again = await pay(token, permit.caseNumber, 7500);
    expect(again.status).toBe(409);
    expect((await charges()) - before).toBe(1);
  });
});
