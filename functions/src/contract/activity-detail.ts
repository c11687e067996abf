import { z } from "zod";
import { DASHBOARD_OBJECT_NAMES, type DashboardObject } from "./activity-objects";
import { CLOSING_STATUSES, type StatusInformation, type WrittenIn } from "./case-status";
import type { FixedQuestion } from "./case-updates";
import { ZCrmRecordId } from "./ids";
import type { LatLng } from "./maps";
import type { PaidFee } from "./payment";

/** The object part of /activity-view/{type}/{id}: one of the objects the dashboard lists. */
export const ZActivityType = z.enum(DASHBOARD_OBJECT_NAMES as [DashboardObject, ...DashboardObject[]]);

export const ZActivityParams = z.object({ type: ZActivityType, id: ZCrmRecordId });
export type ActivityParams = z.output<typeof ZActivityParams>;

/** The most a resident may write in one additional-information answer. */
export const ADDITIONAL_INFORMATION_MAX_LENGTH = 4000;
/** Files uploaded to the record's file box with one answer. */
export const ADDITIONAL_INFORMATION_MAX_DOCUMENTS = 10;

/**
 * POST /api/salesforce/activity/{type}/{id}/additionalInformation (spec 2 §3 "Additional
 * information submission"). boxActivityLog names the files the resident uploaded to the record's
 * file box with this answer, so staff find them.
 */
export const ZAdditionalInformationInput = z.object({
  additionalInformationText: z
    .string()
    .trim()
    .min(1, { message: "Required" })
    .max(ADDITIONAL_INFORMATION_MAX_LENGTH, { message: "TooLong" }),
  boxActivityLog: z.array(z.string().trim().min(1).max(255)).max(ADDITIONAL_INFORMATION_MAX_DOCUMENTS).default([]),
});
export type AdditionalInformationInput = z.input<typeof ZAdditionalInformationInput>;

/** `sent`: the CRM has it; `received`: kept by the portal and sent as soon as the CRM answers. */
export interface AdditionalInformationResult {
  status: "sent" | "received";
}

/** One step of the status path; `state` says where the record is along it. */
export interface StatusPathStep {
  status: string;
  statusInformation: StatusInformation;
  state: "done" | "current" | "upcoming";
  /** A Closed or Cancelled end reached: the path ended early. */
  terminated: boolean;
}

export interface FormDetail {
  label: string;
  data: string;
  /** The language of a free text someone wrote (a description), when it can be told. */
  writtenIn?: WrittenIn;
}

export interface RelatedPermit {
  id: string;
  type: string;
  name: string;
  status: string;
  statusInformation: StatusInformation;
}

/** GET /api/salesforce/activity/{type}/{id} (spec 2 §3 "Activity detail"). */
export interface ActivityDetail {
  id: string;
  activityType: DashboardObject;
  name: string;
  caseNumber: string;
  status: string;
  statusInformation: StatusInformation;
  /** The path as shown: the object's statuses with the end states collapsed to one. */
  statuses: StatusPathStep[];
  isCancelable: boolean;
  paymentRequired: boolean;
  /** Dollars as the CRM keeps them. */
  paymentAmount: number | null;
  paymentCode: string | null;
  /** The portal payment that settled the record's fee (its receipt), when there is one. */
  payment: PaidFee | null;
  userActivityId: string;
  actionRequired: boolean;
  actionRequiredMessage: string | null;
  /**
   * The language each free text from the CRM is written in, when it can be told: staff write the
   * message and the status notes, the resident wrote the description (the page marks each with `lang`).
   */
  writtenIn?: { actionRequiredMessage?: WrittenIn; statusNotes?: WrittenIn; description?: WrittenIn };
  /** Additional information the portal holds for the CRM (it was down when the resident sent it). */
  additionalInformationReceived: boolean;
  formDetails: { label: string; details: FormDetail[] };
  relatedPermits: RelatedPermit[];
  /** Open311's expected_datetime and status_notes, when the CRM has them. */
  expectedDate: string | null;
  statusNotes: string | null;
  lastModified: string;
  createdDate: string;
  /**
   * What the resident reported through the portal, for a report's case (issue 28, after
   * FixMyStreet's report page): their own words without the portal's bookkeeping, how many photos
   * (GET .../photos/{index} serves each), and the place. Null for other records.
   */
  report: ReportedProblem | null;
  /** What happened, oldest first: filed, then each status change and public comment the CRM recorded. */
  history: ActivityEvent[];
  /** "Is it fixed?" when the city asked the caller about this closed case (issue 33), else null. */
  fixedQuestion?: FixedQuestion | null;
}

export interface ReportedProblem {
  description: string;
  photoCount: number;
  address: string | null;
  location: LatLng | null;
  /** The streetlight, hydrant or sign the resident picked (issue 33), by the city's tag: "SL-0123". */
  assetId: string | null;
}

export interface ActivityEvent {
  /** null: the record was filed (or, with `comment`, a comment was added). */
  status: string | null;
  statusInformation: StatusInformation | null;
  at: string;
  /**
   * A public comment on the case: staff's words, or the resident's own "not fixed" answer (`notFixed`,
   * with her note as `text`, possibly empty).
   */
  comment?: { kind: "staff" | "notFixed"; text: string; writtenIn?: WrittenIn } | null;
}

/** GET /api/salesforce/activity/{type}/{id}/photos/{index}: one of a report's photos. */
export const ZActivityPhotoParams = z.object({
  type: ZActivityType,
  id: ZCrmRecordId,
  index: z.coerce.number().int().min(0).max(19),
});

/** GET /api/box/{salesforceId} and /api/box/util/{accountId} (spec 2 §3 "Storage folder response"). */
export interface BoxFolderResponse {
  folderId: string;
  /** A token scoped to this folder; read-only for utility-account folders. */
  accessToken: string;
  /** Where the browser's widget calls the file-box API with the token. */
  apiUrl: string;
  uploadUrl: string;
  readOnly: boolean;
}

/** A utility account's file-box name: customer id and location id, as the billing system files bills. */
export const ZUtilityAccountFolder = z.string().regex(/^\d{1,12}-\d{1,12}$/, { message: "Invalid" });

/**
 * POST /api/box/upload (multipart: folderId, then one file; the folder's token in `X-Box-Token`):
 * the file widget's uploads go through the portal, which strips a photo's metadata first (issue 33).
 * 30 MiB: a Cloud Run function takes request bodies of at most 32 MiB.
 */
export const FILE_BOX_UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
export const BOX_TOKEN_HEADER = "x-box-token";
export const ZBoxUploadFields = z.object({
  folderId: z.string().regex(/^\d{1,30}$/, { message: "Invalid" }),
  token: z.string().regex(/^[A-Za-z0-9._~+/=-]{10,2000}$/, { message: "Required" }),
});
export interface BoxUploadResult {
  id: string;
  name: string;
  /** True when the file was an image whose metadata (EXIF with its GPS position) was removed. */
  stripped: boolean;
}

const TERMINATED_STATUSES: readonly string[] = ["Closed", "Cancelled", "Rejected", "Closed Not Approved"];
/**
 * Statuses a record may be put in but never passes through on its way to the end (a hold): shown
 * only while they are the record's status, never as a step still to come (issue 28).
 */
const SIDE_STATUSES: readonly string[] = ["On Hold"];

/**
 * The status path as shown: the object's statuses in order without the end states and side
 * statuses, then one end. The end is the current status when it is an end state (Closed,
 * Cancelled, Rejected or Closed Not Approved shown as terminated), otherwise the object's Complete
 * (or Completed): a refusal is never drawn as a step ahead. A current status the list lacks (or a
 * hold) is shown where the record is, before the end.
 */
export function statusPath(
  statuses: readonly string[],
  current: string,
  display: (status: string) => StatusInformation,
): StatusPathStep[] {
  const middle = statuses.filter((status) => !CLOSING_STATUSES.includes(status) && !SIDE_STATUSES.includes(status));
  const defaultEnd = statuses.find((status) => status === "Complete" || status === "Completed") ?? "Completed";
  const atEnd = CLOSING_STATUSES.includes(current);
  if (!atEnd && !middle.includes(current)) middle.push(current);
  const names = [...middle, atEnd ? current : defaultEnd];
  const currentIndex = atEnd ? names.length - 1 : middle.indexOf(current);
  return names.map((status, index) => ({
    status,
    statusInformation: display(status),
    state: index < currentIndex ? "done" : index === currentIndex ? "current" : "upcoming",
    terminated: index === currentIndex && TERMINATED_STATUSES.includes(status),
  }));
}
