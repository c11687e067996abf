/**
 * The CRM objects the dashboard lists as a resident's activities, and where each keeps its
 * status, contact, organization and number (cases use standard fields, the rest custom ones).
 * Shared with the seed, so the seeded CRM and the portal agree.
 */
export const DASHBOARD_OBJECTS = {
  Case: { label: "Case", status: "Status", contact: "ContactId", account: "AccountId", number: "CaseNumber" },
  COE_Permit__c: {
    label: "COE Permit",
    status: "Status__c",
    contact: "Contact__c",
    account: "Account__c",
    number: "Name",
  },
  Permit_Applications__c: {
    label: "Permit Application",
    status: "Status__c",
    contact: "Contact__c",
    account: "Account__c",
    number: "Name",
  },
  Zoning_Inquiry__c: {
    label: "Zoning Inquiry",
    status: "Status__c",
    contact: "Contact__c",
    account: "Account__c",
    number: "Name",
  },
  LPI_Application__c: {
    label: "Late Payment Interest Application",
    status: "Status__c",
    contact: "Contact__c",
    account: "Account__c",
    number: "Name",
  },
} as const;

/** The name the portal gives every late-payment-interest application it files (`Application_Name__c`). */
export const LPI_APPLICATION_NAME = "Late Payment Interest Waiver";

export type DashboardObject = keyof typeof DASHBOARD_OBJECTS;
export const DASHBOARD_OBJECT_NAMES = Object.keys(DASHBOARD_OBJECTS) as DashboardObject[];
