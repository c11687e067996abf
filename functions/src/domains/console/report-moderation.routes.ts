// GET /api/console/reports/:caseNumber
// PATCH /api/console/reports/:caseNumber
// POST /api/console/reports/:caseNumber/photos/:index/redact
// GET /api/console/reports/:caseNumber/photos/:index
import {
  type ModeratedReport,
  ZModerationCaseParams,
  ZModerationChange,
  ZModerationPhotoParams,
} from "../../contract/report-moderation";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import {
  moderatedReport,
  moderateReport,
  moderationBefore,
  redactReportPhoto,
  sendOriginalReportPhoto,
} from "../reports/moderation.service";

/**
 * Moderation of problem reports from the console (issue 31): staff and admins find a report by its
 * case number, then hide the reporter's name, redact a photo or mark the report private. Each use is
 * in the audit trail: who, when, which report and person, the moderation before and after.
 */

const staffName = (user: Parameters<typeof requireUser>[0]) => {
  const principal = requireUser(user);
  return principal.email ?? principal.uid;
};

const caseSubject = ({ params }: { params: unknown }) => `case ${(params as { caseNumber: string }).caseNumber}`;
const reporterOf = (result: unknown) => (result as ModeratedReport | undefined)?.reporter.uid ?? null;
const beforeOf = ({ params }: { params: unknown }) => moderationBefore((params as { caseNumber: string }).caseNumber);
const afterOf = (_input: unknown, result: unknown) => (result as ModeratedReport).moderation;

/** A seeded report case the matrix's staff may read (its number is fixed by the CRM seed's order). */
const EXAMPLE = { params: { caseNumber: "00010251" } };

export const consoleReportModerationRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/console/reports/:caseNumber",
    access: "staff",
    params: ZModerationCaseParams,
    summary: "Console: a problem report by its case number, who reported it, its photos and its moderation",
    example: EXAMPLE,
    audit: { action: "console.report.view", subject: caseSubject, personFrom: reporterOf, after: afterOf },
    handler: ({ params }): Promise<ModeratedReport> => moderatedReport(params.caseNumber),
  }),
  route({
    method: "PATCH",
    path: "/api/console/reports/:caseNumber",
    access: "staff",
    params: ZModerationCaseParams,
    body: ZModerationChange,
    summary: "Console: hides or shows the reporter's name, makes the report private or public again",
    example: { ...EXAMPLE, body: { nameHidden: false } },
    destructive: true,
    audit: {
      action: "console.report.moderate",
      subject: caseSubject,
      personFrom: reporterOf,
      before: beforeOf,
      after: afterOf,
    },
    handler: ({ params, body, user }): Promise<ModeratedReport> =>
      moderateReport(params.caseNumber, body, staffName(user)),
  }),
  route({
    method: "POST",
    path: "/api/console/reports/:caseNumber/photos/:index/redact",
    access: "staff",
    params: ZModerationPhotoParams,
    summary:
      "Console: replaces a report photo for the public by a blurred copy (sharp); the original is kept for staff",
    example: { params: { ...EXAMPLE.params, index: "0" } },
    destructive: true,
    audit: {
      action: "console.report.redact-photo",
      subject: ({ params }) => {
        const { caseNumber, index } = params as { caseNumber: string; index: number };
        return `case ${caseNumber} photo ${index + 1}`;
      },
      personFrom: reporterOf,
      before: beforeOf,
      after: afterOf,
    },
    handler: ({ params, user }): Promise<ModeratedReport> =>
      redactReportPhoto(params.caseNumber, params.index, staffName(user)),
  }),
  route({
    method: "GET",
    path: "/api/console/reports/:caseNumber/photos/:index",
    access: "staff",
    params: ZModerationPhotoParams,
    summary: "Console: a report photo's original (staff only; the public sees the blurred copy once redacted)",
    example: { params: { ...EXAMPLE.params, index: "0" } },
    audit: {
      action: "console.report.photo",
      subject: ({ params }) => {
        const { caseNumber, index } = params as { caseNumber: string; index: number };
        return `case ${caseNumber} photo ${index + 1} (original)`;
      },
    },
    handler: async ({ params, res }) => {
      await sendOriginalReportPhoto(params.caseNumber, params.index, res);
      return undefined;
    },
  }),
];
