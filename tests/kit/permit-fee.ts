import { stackCrm } from "./identity.ts";

/** A case waiting for its fee, made for a test's own resident: its record, number and fee lines. */
export interface PendingPermit {
  id: string;
  caseNumber: string;
  records: { object: string; id: string }[];
}

/**
 * Files a COE permit in "Pending Payment" for the contact, asking $75.00 itemized as the city's CRM
 * keeps fees (Fee_Line__c: a $60.00 permit fee and a $15.00 plan review), so a payment journey
 * changes a record of its own and never the seeded resident's.
 */
export async function pendingPermitOf(contactId: string): Promise<PendingPermit> {
  const crm = stackCrm();
  const id = await crm.create("COE_Permit__c", {
    Status__c: "Pending Payment",
    Contact__c: contactId,
    Permit_Type__c: "BuildingShed",
    Payment_Required__c: true,
    Payment_Amount__c: 75,
    Payment_Code__c: "BLDPRMT",
    Is_Cancelable__c: false,
    Action_Required__c: false,
  });
  const record = await crm.retrieve("COE_Permit__c", id);
  const caseNumber = String(record.Name);
  const lines = await Promise.all(
    [
      ["Permit fee", 60],
      ["Plan review fee", 15],
    ].map(([name, amount]) =>
      crm.create("Fee_Line__c", {
        Parent_Record_Id__c: id,
        Application_Number__c: caseNumber,
        Application_Name__c: name,
        Fee_Amount__c: amount,
      }),
    ),
  );
  return {
    id,
    caseNumber,
    records: [...lines.map((line) => ({ object: "Fee_Line__c", id: line })), { object: "COE_Permit__c", id }],
  };
}
