import { crmConnector } from "../../connectors/crm/connection";
import { soql, soqlName } from "../../connectors/crm/soql";
import { DASHBOARD_OBJECTS, type DashboardObject } from "../../contract/activity-objects";
import { PERMIT_ACCOUNT_TYPE, type PermitFee, type PermitFeeRef, paymentCodeGroup } from "../../contract/payment";
import { text } from "../../data/fields";
import { notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { markActivitiesChanged, NAME_FIELDS } from "../cases/activities.service";
import { ownedActivityRecord } from "../cases/activity-detail.service";
import { picklistValuesOf } from "../cases/activity-fields.service";
import { feeLinesOf, paidFeeOf } from "./paid-fees.service";

/** The objects whose fee /payment?accountType=PERMIT pays; LPI applications are paid on /paymentLPI. */
const CASE_FEE_OBJECTS = ["COE_Permit__c", "Permit_Applications__c", "Zoning_Inquiry__c", "Case"] as const;

const NO_SUCH_FEE = "No such case of yours.";

/** A case's fee as the server knows it: what /payment shows and what POST /api/payment charges. */
export interface KnownPermitFee extends PermitFee {
  activityType: DashboardObject;
}

/** The one record whose number is `accountNumber`, among the objects a fee is paid on; 404 otherwise. */
async function recordNamed(accountNumber: string): Promise<{ type: DashboardObject; id: string }> {
  const crm = crmConnector();
  const found = await Promise.all(
    CASE_FEE_OBJECTS.map(async (type) => {
      const statement = soql`SELECT Id FROM ${soqlName(type)} WHERE ${soqlName(DASHBOARD_OBJECTS[type].number)} = ${accountNumber} LIMIT 2`;
      return (await crm.query<{ Id: string }>(statement)).map((row) => ({ type, id: row.Id }));
    }),
  );
  const [only, ...more] = found.flat();
  if (!only || more.length > 0) throw notFound(NO_SUCH_FEE);
  return only;
}

/**
 * The fee of one of the caller's cases (or an organization's they are an approved member of), named
 * by its case number (spec 2 §2 "Pay now"): the amount and its itemized lines are the CRM record's
 * (Payment_Amount__c while Payment_Required__c, the Fee_Line__c children), never the page's; a fee
 * the portal took a payment for is due no more. Anyone else's case is 404, so numbers say nothing.
 */
export async function permitFeeFor(user: Principal | null, ref: Required<PermitFeeRef>): Promise<KnownPermitFee> {
  if (!user) throw notFound(NO_SUCH_FEE);
  const { type, id } = await recordNamed(ref.accountNumber.trim());
  const record = await ownedActivityRecord(user, type, id);
  const meta = DASHBOARD_OBJECTS[type];
  const caseNumber = text(record[meta.number]) ?? ref.accountNumber;
  const nameField = NAME_FIELDS[type];
  const activityName = (nameField && text(record[nameField])) || meta.label;
  const amount = Number(record.Payment_Amount__c ?? 0);
  const dueCents = record.Payment_Required__c === true && Number.isFinite(amount) ? Math.round(amount * 100) : 0;
  const [lines, paid] = await Promise.all([feeLinesOf(id), paidFeeOf(type, id, user.uid)]);
  const paymentCode = text(record.Payment_Code__c);
  return {
    accountNumber: caseNumber,
    accountType: PERMIT_ACCOUNT_TYPE,
    activityId: id,
    activityType: type,
    activityName,
    paymentCode,
    codeGroup: paymentCodeGroup("PERMIT", paymentCode),
    amountCents: paid ? 0 : dueCents,
    // A fee the CRM keeps without lines is one line: the case itself.
    itemizedBill:
      lines.length > 0 || dueCents === 0
        ? lines
        : [{ applicationNumber: caseNumber, applicationName: activityName, applicationFeeCents: dueCents }],
    paid,
  };
}

/** Salesforce's datetime form: 2026-11-01T15:00:00.000+0000. */
const sfDateTime = (epochMs: number) => new Date(epochMs).toISOString().replace("Z", "+0000");

/**
 * Records a charged fee on its CRM record (a case's, an LPI application's): it asks for no payment
 * any more, names the payment (date, gateway transaction, amount), and a record waiting in "Pending
 * Payment" moves on to the next status of its path (a permit to Ready for Issuance, an LPI
 * application to Complete), so it leaves the resident's "to pay" list and the clerk's queue. Safe to
 * repeat (the reconcile job retries it while the payment stays `charged`): the status moves only
 * from Pending Payment.
 */
export async function markRecordPaid(
  type: DashboardObject,
  recordId: string,
  payment: { transactionId: string; amountCents: number; paidAtMs: number },
  payerUid: string | null,
): Promise<void> {
  const crm = crmConnector();
  const statusField = DASHBOARD_OBJECTS[type].status;
  const record = await crm.retrieve(type, recordId);
  const changes: Record<string, unknown> = {
    Payment_Required__c: false,
    Payment_Date__c: sfDateTime(payment.paidAtMs),
    Payment_Transaction_Id__c: payment.transactionId,
    Paid_Amount__c: payment.amountCents / 100,
  };
  if (text(record[statusField]) === "Pending Payment") {
    const path = await picklistValuesOf(type, statusField);
    const next = path[path.indexOf("Pending Payment") + 1];
    if (next) changes[statusField] = next;
  }
  await crm.update(type, recordId, changes);
  if (payerUid) await markActivitiesChanged(payerUid);
}
