// POST /api/console/people/:id/reports
// POST /api/console/people/:id/payments/:paymentId/receipt
// POST /api/console/people/:id/verification-email
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type AssistedAnswer, type ResentMessage, ZAssistedReportBody } from "../../contract/console";
import { ZDocumentId, ZDocumentIdParams } from "../../contract/ids";
import type { ReportResult } from "../../contract/reports";
import { readPayment } from "../../data/payments";
import { readUser } from "../../data/users";
import { adminAuth } from "../../platform/firebase";
import { ApiError, conflict, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { sendAccountEmail } from "../accounts/account-emails.service";
import { resendMessage } from "../messages/message.service";
import { checkReportWhere } from "../reports/report-place";
import { existingReport, submitReport } from "../reports/reports.service";

/**
 * Staff acting for a person (issue 31). Each action names the staff member who took it
 * (`assistedBy`): on the case, in the answer, and in the audit trail's record (who, which person,
 * before and after), which the dispatcher writes for every change a `staff` route makes.
 */

/** A person is sent a few messages a day by the counter; this stops a script flooding one inbox. */
const RESEND_THROTTLE: ThrottleRule[] = [
  { name: "console-resend-person", key: { in: "params", field: "id" }, limit: 5, windowSeconds: 3600 },
];
/** Staff file reports for callers all day; this bounds a stolen staff session's CRM writes. */
const ASSISTED_REPORT_THROTTLE: ThrottleRule[] = [
  { name: "console-report", key: "caller", limit: 120, windowSeconds: 3600 },
];

const CHARGED_STATES = new Set(["charged", "succeeded"]);

/** The staff member as the record and the case name them. */
const assistant = (user: Parameters<typeof requireUser>[0]): string => {
  const principal = requireUser(user);
  return principal.email ?? principal.uid;
};

async function personOrNotFound(uid: string) {
  const person = await readUser(uid);
  if (!person) throw notFound("No such person.");
  return person;
}

export const consoleAssistRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/console/people/:id/reports",
    access: "staff",
    params: ZDocumentIdParams,
    body: ZAssistedReportBody,
    throttle: ASSISTED_REPORT_THROTTLE,
    summary:
      "Console: files a problem report for the person (or anonymously, or as the city) through the web form's pipeline; the person is told the case number",
    example: {
      params: { id: "{otherUid}" },
      body: {
        filedAs: "person",
        report: {
          id: "3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f",
          type: "pothole",
          address: { address: "138 Highland Ave, Elgin, Illinois, 60123", location: { lat: 42.0395, lng: -88.287346 } },
          description: "A deep pothole in the eastbound lane (by phone).",
        },
      },
    },
    audit: {
      action: "console.assist.report",
      person: { in: "params", field: "id" },
      subject: ({ body }) => {
        const { filedAs, report } = body as { filedAs: string; report: { type: string; id: string } };
        return `${report.type} as ${filedAs} (report ${report.id})`;
      },
      after: ({ body }, result) => ({ filedAs: (body as { filedAs: string }).filedAs, result }),
    },
    handler: async ({ params, body, user }): Promise<ReportResult & AssistedAnswer> => {
      const assistedBy = assistant(user);
      const person = await personOrNotFound(params.id);
      const { report, filedAs } = body;
      const forPerson = filedAs === "person";
      if (forPerson && !person.SalesforceId) {
        throw new ApiError("rejected", "This person has not finished creating their account: file it anonymously.");
      }
      const uid = forPerson ? params.id : null;
      // A repeat of the same report id answers what the first did (an anonymous one is the console's only).
      const earlier = await existingReport(report.id, uid ?? "");
      if (earlier) return { ...earlier, assistedBy };
      const where = await checkReportWhere(report);
      const result = await submitReport({
        reportId: report.id,
        uid,
        contactId: forPerson ? person.SalesforceId : null,
        report,
        photos: [],
        reporter: forPerson ? null : filedAs === "city" ? "City of Elgin staff" : "Anonymous caller",
        placeUnchecked: where.unchecked,
        assistedBy,
      });
      return { ...result, assistedBy };
    },
  }),

  route({
    method: "POST",
    path: "/api/console/people/:id/payments/:paymentId/receipt",
    access: "staff",
    params: z.object({ id: ZDocumentId, paymentId: ZDocumentId }),
    throttle: RESEND_THROTTLE,
    summary: "Console: sends the person's payment receipt again (the same email, a new message)",
    example: { params: { id: "{otherUid}", paymentId: "no-such-payment" } },
    audit: {
      action: "console.assist.receipt",
      person: { in: "params", field: "id" },
      subject: ({ params }) => `payment ${(params as { paymentId: string }).paymentId}`,
      after: (_input, result) => result,
    },
    handler: async ({ params, user }): Promise<ResentMessage> => {
      const assistedBy = assistant(user);
      const payment = await readPayment(params.paymentId);
      if (!payment || payment.uid !== params.id) throw notFound("This person has no such payment.");
      if (!CHARGED_STATES.has(payment.state)) throw conflict("This payment was not charged: it has no receipt.");
      const sent = await resendMessage(
        `receipt-${params.paymentId}`,
        `receipt-${params.paymentId}-again-${randomUUID()}`,
      );
      if (!sent) throw notFound("No receipt was sent for this payment.");
      if (sent.status === "failed" || sent.status === "bounced" || sent.status === "opted_out") {
        throw new ApiError("rejected", `The receipt was not sent: ${sent.reason ?? sent.status}`);
      }
      return { messageId: sent.id, status: sent.status, assistedBy };
    },
  }),

  route({
    method: "POST",
    path: "/api/console/people/:id/verification-email",
    access: "staff",
    params: ZDocumentIdParams,
    throttle: RESEND_THROTTLE,
    summary: "Console: emails the person their email verification link again (refused once verified)",
    example: { params: { id: "{otherUid}" } },
    audit: {
      action: "console.assist.verification-email",
      person: { in: "params", field: "id" },
      after: (_input, result) => result,
    },
    handler: async ({ params, user }): Promise<ResentMessage> => {
      const assistedBy = assistant(user);
      let account: { email?: string; emailVerified: boolean };
      try {
        account = await adminAuth().getUser(params.id);
      } catch (error) {
        if ((error as { code?: string })?.code === "auth/user-not-found") throw notFound("No such person.");
        throw error;
      }
      if (!account.email) throw conflict("This person has no email address.");
      if (account.emailVerified) throw conflict("This person's email is already verified.");
      const sent = await sendAccountEmail("verifyEmail", account.email);
      return { messageId: sent.messageId, status: sent.status, assistedBy };
    },
  }),
];
