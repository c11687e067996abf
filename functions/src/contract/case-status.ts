/**
 * How a case (CRM activity) status is shown: a colour and a label (spec 1 §4 "Case status
 * display"). The API sends the result with every dashboard item and the web uses the same
 * function, so the table is written once.
 */
export const STATUS_COLORS = ["red", "green", "orange", "blue", "yellow", "gray"] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

export interface StatusInformation {
  color: StatusColor;
  label: string;
}

/** CRM objects of the permitting and licensing process, where "Issued" is a success (green). */
export const PERMITTING_OBJECTS: readonly string[] = ["COE_Permit__c", "Permit_Applications__c"];

/** The spec's table; a label of null means "shown as is". */
const TABLE: Record<string, { color: StatusColor; label: string | null }> = {
  Cancelled: { color: "red", label: null },
  Complete: { color: "green", label: null },
  Closed: { color: "red", label: null },
  Issued: { color: "orange", label: null },
  Open: { color: "blue", label: null },
  Rejected: { color: "red", label: null },
  Scheduled: { color: "orange", label: null },
  Submitted: { color: "blue", label: null },
  "Under Review": { color: "yellow", label: "Under Staff Review" },
  New: { color: "blue", label: null },
  "Ready for Issuance": { color: "yellow", label: "Permit Ready" },
  "Pending Payment": { color: "orange", label: null },
  "Permit Issued": { color: "green", label: null },
  "Permit Issued with conditions": { color: "green", label: null },
  "Schedule Inspection": { color: "yellow", label: "Call for Inspection" },
  "Closed Not Approved": { color: "red", label: "Closed: Not Approved" },
  "Generate Permit": { color: "yellow", label: "Generating Permit" },
};

/**
 * The colour and label of a status. `objectType` is the CRM object (e.g. COE_Permit__c): for
 * permitting and licensing objects "Issued" is green. Any other status is shown as it comes, gray.
 */
export function caseStatusDisplay(status: string | null | undefined, objectType?: string | null): StatusInformation {
  const value = status ?? "";
  if (value === "Issued" && objectType && PERMITTING_OBJECTS.includes(objectType)) {
    return { color: "green", label: value };
  }
  const row = Object.hasOwn(TABLE, value) ? TABLE[value] : undefined;
  if (!row) return { color: "gray", label: value };
  return { color: row.color, label: row.label ?? value };
}

/**
 * Statuses that close any record, done or stopped: the one end the status path collapses them into
 * (spec 2 §4 "Status path", activity-detail.ts).
 */
export const CLOSING_STATUSES: readonly string[] = [
  "Complete",
  "Completed",
  "Closed",
  "Cancelled",
  "Rejected",
  "Closed Not Approved",
];

/** Statuses that end an activity: it is listed under completed, not in progress. */
export const COMPLETED_STATUSES: readonly string[] = [
  ...CLOSING_STATUSES,
  "Permit Issued",
  "Permit Issued with conditions",
  "Issued",
];

export const isCompletedStatus = (status: string | null | undefined): boolean =>
  COMPLETED_STATUSES.includes(status ?? "");

/** The language a free text from the CRM is written in, when it can be told (the pages mark it with `lang`). */
export type WrittenIn = "en" | "es";

/** A dashboard item (spec 1 §3 "Case or activity item on the dashboard"), as GET /api/salesforce/inProgress answers it. */
export interface DashboardActivity {
  id: string;
  /** The CRM object, e.g. Case or COE_Permit__c. */
  type: string;
  activityName: string;
  /** The catalogue service whose name the case was filed under, when it was (its name is translated). */
  catalogueId?: string;
  /** Case number or record name (e.g. COE-2026-00001). */
  caseNumber: string;
  actionRequired: boolean;
  actionRequiredMessage: string | null;
  /** The language staff wrote the message in (the CRM keeps one text, in its writer's language). */
  actionRequiredMessageWrittenIn?: WrittenIn;
  isCancelable: boolean;
  paymentRequired: boolean;
  /** Dollars as the CRM keeps them; null when nothing is due. */
  paymentAmount: number | null;
  status: string;
  statusInformation: StatusInformation;
  /** ISO instants. */
  lastModified: string;
  createdDate: string;
  data: { attributes: { type: string } };
}

export interface InProgressResponse {
  inProgress: DashboardActivity[];
  completed: DashboardActivity[];
}
