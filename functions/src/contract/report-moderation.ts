import { z } from "zod";
import { REPORT_PHOTOS_MAX_COUNT } from "./reports";

/**
 * Moderation of problem reports (issue 31): staff hide the reporter's name, replace a photo by a
 * blurred copy (the original is kept for staff), or mark a report private. What the public sees
 * (the nearby reports of "Already reported?", "me too", Open311's requests) follows it.
 */

/** A CRM case number as the CRM numbers cases (`00010251`). */
export const ZCaseNumber = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, { message: "Invalid" });

/** GET /api/console/reports/:caseNumber, PATCH /api/console/reports/:caseNumber */
export const ZModerationCaseParams = z.object({ caseNumber: ZCaseNumber });

/** A photo of a report by its position (0 is the first), as the resident's case page numbers them. */
export const ZPhotoIndex = z.coerce
  .number({ message: "Invalid" })
  .int({ message: "Invalid" })
  .min(0, { message: "Invalid" })
  .max(REPORT_PHOTOS_MAX_COUNT - 1, { message: "Invalid" });

/** POST /api/console/reports/:caseNumber/photos/:index/redact, GET …/photos/:index (the original, staff) */
export const ZModerationPhotoParams = z.object({ caseNumber: ZCaseNumber, index: ZPhotoIndex });

/** PATCH /api/console/reports/:caseNumber: hide or show the name, make the report private or public. */
export const ZModerationChange = z
  .object({ nameHidden: z.boolean().optional(), private: z.boolean().optional() })
  .strict()
  .refine((change) => change.nameHidden !== undefined || change.private !== undefined, {
    message: "Required",
    path: ["nameHidden"],
  });
export type ModerationChange = z.input<typeof ZModerationChange>;

/** The console's case-number search form (the page's `?case=`). */
export const ZModerationSearchForm = z.object({ caseNumber: ZCaseNumber });
export type ModerationSearch = z.input<typeof ZModerationSearchForm>;

/** GET /api/reports/:caseId/photos/:index[/redacted]: a report's photo as the public may see it. */
export const ZPublicPhotoParams = z.object({
  caseId: z.string().regex(/^[A-Za-z0-9]{15,18}$/, { message: "Invalid" }),
  index: ZPhotoIndex,
});

/** The public address of a report's photo: the original, or once redacted its blurred copy (a new address). */
export const publicPhotoPath = (caseId: string, index: number, redacted: boolean) =>
  `/api/reports/${encodeURIComponent(caseId)}/photos/${index}${redacted ? "/redacted" : ""}`;

/** A report's moderation as stored and shown to staff. */
export interface ReportModerationState {
  nameHidden: boolean;
  private: boolean;
  /** The photos (by index) the public sees only as a blurred copy. */
  redactedPhotos: number[];
  /** Who changed it last, and when (ISO); null before the first change. */
  updatedBy: string | null;
  updatedAt: string | null;
}

/** GET /api/console/reports/:caseNumber: the report as staff moderate it. */
export interface ModeratedReport {
  caseId: string;
  caseNumber: string;
  serviceRequestType: string | null;
  status: string | null;
  closed: boolean;
  address: string | null;
  filedAt: string | null;
  /** The resident's text (staff see it whole). */
  description: string;
  /** Who reported it, for staff: the portal person (when there is one) and the name. */
  reporter: { uid: string | null; name: string | null; email: string | null };
  photos: { index: number; redacted: boolean; publicPath: string | null }[];
  moderation: ReportModerationState;
}
