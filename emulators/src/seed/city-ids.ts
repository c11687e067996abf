/**
 * CRM record ids in Salesforce's 18-character form: a 3-character key prefix per object,
 * a 12-digit serial and a 3-character suffix. The seeded sign-ins in fixtures.ts use the same
 * form (003000000000001AAA), so serial n of a prefix is always the same id.
 */
export const KEY_PREFIX = {
  Account: "001",
  Contact: "003",
  Case: "500",
  AccountContactRelation: "07k",
  Land_Parcel_Master__c: "a01",
  COE_Permit__c: "a02",
  Permit_Applications__c: "a03",
  Zoning_Inquiry__c: "a04",
  LPI_Application__c: "a05",
  Boards_Commissions__c: "a06",
  Board_Commission_Member__c: "a07",
  Board_Attendance__c: "a08",
  Elgin_Today__c: "a09",
  Utility_Account__c: "a0A",
  Status_History__c: "a0B",
  Fee_Line__c: "a0C",
  Knowledge__kav: "ka0",
  // Files as Salesforce keeps them: a version (the bytes), its document, and the document's links to records.
  ContentVersion: "068",
  ContentDocument: "069",
  ContentDocumentLink: "06A",
  CaseComment: "00a",
} as const;

export type SObjectName = keyof typeof KEY_PREFIX;

export function crmId(object: SObjectName, serial: number): string {
  return `${KEY_PREFIX[object]}${String(serial).padStart(12, "0")}AAA`;
}

/** Which object an id belongs to, from its key prefix (as Salesforce resolves ids). */
export function objectOfId(id: string): SObjectName | undefined {
  const prefix = id.slice(0, 3);
  return (Object.keys(KEY_PREFIX) as SObjectName[]).find((name) => KEY_PREFIX[name] === prefix);
}
