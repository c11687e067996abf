import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import type { ItemizedLine, PaidFee } from "../../contract/payment";
import { takenPaymentOf } from "../../data/payments";

/**
 * The paid-once reference of a CRM record's fee: an LPI application's (as LPI payments were always
 * claimed) or any other case's. One reference per record, so of attempts with different keys one charges.
 */
export function feeReferenceOf(type: string, recordId: string): string {
  return type === "LPI_Application__c" ? `LPI:${recordId}` : `PERMIT:${recordId}`;
}

/**
 * The portal payment that took money for a record's fee, as its page shows it (the case page, the
 * bill): amount, time, card and transaction; the receipt's id only for the resident who paid (it is
 * the bookmarkable receipt's secret). Null when the portal took no payment for it.
 */
export async function paidFeeOf(type: string, recordId: string, viewerUid: string): Promise<PaidFee | null> {
  const taken = await takenPaymentOf(feeReferenceOf(type, recordId));
  if (!taken) return null;
  const { id, data } = taken;
  return {
    amountCents: data.amountCents,
    paidAt: (data.chargedAt?.toDate() ?? new Date(0)).toISOString(),
    transactionId: data.gatewayTransactionId ?? "",
    cardType: data.cardType ?? "",
    maskedCardNumber: data.maskedCardNumber ?? "",
    receiptId: data.uid === viewerUid ? id : null,
  };
}

type FeeLineRow = {
  Application_Number__c?: string | null;
  Application_Name__c?: string | null;
  Fee_Amount__c?: number | null;
};

/**
 * A record's itemized fee lines as the CRM keeps them (Fee_Line__c children, in the order they were
 * filed): the case's permit fee and plan review, an LPI application's interest per permit. Dollars
 * become cents here, once.
 */
export async function feeLinesOf(recordId: string): Promise<ItemizedLine[]> {
  const rows = await crmConnector().query<FeeLineRow & { Id: string }>(
    soql`SELECT Id, Application_Number__c, Application_Name__c, Fee_Amount__c FROM Fee_Line__c WHERE Parent_Record_Id__c = ${recordId} ORDER BY Id ASC LIMIT 50`,
  );
  return rows.map((row) => ({
    applicationNumber: row.Application_Number__c ?? "",
    applicationName: row.Application_Name__c ?? "",
    applicationFeeCents: Math.round(Number(row.Fee_Amount__c ?? 0) * 100),
  }));
}
