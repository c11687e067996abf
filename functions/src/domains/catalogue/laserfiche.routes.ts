// GET /api/laserfiche/forms
// GET /api/laserfiche/formUrl?bpid=&params=
// POST /api/laserfiche/submitToPortal
import type { Request } from "firebase-functions/v2/https";
import { z } from "zod";
import { formsConnector as forms } from "../../connectors/forms/connection";
import type { BusinessProcessSummary } from "../../connectors/forms/types";
import { ZSubmitToPortal } from "../../contract/catalogue-admin";
import { badRequest } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { deliverSubmission, issueSubmission, recordSubmission } from "./form-submissions.service";

/** The applicant values a page passes to the form: a flat JSON object of short texts. */
const ZParams = z
  .string()
  .max(4000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const value = JSON.parse(text) as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length > 50) throw new Error("too many");
      return Object.fromEntries(
        entries.map(([key, item]) => {
          if (!/^[A-Za-z0-9_]{1,64}$/.test(key) || !["string", "number", "boolean"].includes(typeof item)) {
            throw new Error("bad entry");
          }
          return [key, String(item).slice(0, 500)];
        }),
      );
    } catch {
      ctx.addIssue({ code: "custom", message: "Invalid" });
      return z.NEVER;
    }
  });

const ZBpid = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The portal's own origin, where the hosted form may post its events: from the page's address. */
function portalOrigin(req: Request): string {
  const referer = req.header("referer");
  if (referer) {
    try {
      return new URL(referer).origin;
    } catch {
      // Fall through to the host the request came to.
    }
  }
  const host = req.header("x-forwarded-host") ?? req.header("host") ?? "localhost";
  const protocol = req.header("x-forwarded-proto") ?? req.protocol ?? "https";
  return `${protocol.split(",")[0]}://${host.split(",")[0]}`;
}

/** The embedded forms service (spec 1 §2.12, §7 Catalogue). */
export const laserficheRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/laserfiche/forms",
    access: "admin",
    summary: "The forms service's business processes, for the service form's process select",
    handler: (): Promise<{ businessProcesses: BusinessProcessSummary[] }> => forms().listBusinessProcesses(),
  }),
  route({
    method: "GET",
    path: "/api/laserfiche/formUrl",
    access: "onboarded",
    summary: "Where the page frames a hosted form, with a new submission id bound to the caller",
    query: z.object({ bpid: ZBpid, params: ZParams }),
    example: { query: { bpid: "1030", params: '{"firstName":"Maria"}' } },
    handler: async ({ query, user, req }) => {
      if (!user) throw badRequest("Sign-in required.");
      const portalSubmissionId = await issueSubmission({ uid: user.uid, bpid: query.bpid });
      const url = forms().hostedFormUrl({
        bpid: query.bpid,
        portalSubmissionId,
        params: query.params,
        parentOrigin: portalOrigin(req),
      });
      return { url, origin: new URL(url).origin, portalSubmissionId };
    },
  }),
  route({
    method: "POST",
    path: "/api/laserfiche/submitToPortal",
    access: "onboarded",
    summary:
      "Records a submitted hosted form (outbox), reads its answers back and creates its CRM record; an outage only delays it",
    body: ZSubmitToPortal,
    example: { body: { portalSubmissionId: "example-{uid}", bpid: "1030" } },
    handler: async ({ body, user }) => {
      if (!user) throw badRequest("Sign-in required.");
      const recorded = await recordSubmission({
        portalSubmissionId: body.portalSubmissionId,
        bpid: body.bpid,
        uid: user.uid,
        contactId: user.salesforceId,
      });
      const result = await deliverSubmission(recorded);
      return {
        portalSubmissionId: result.portalSubmissionId,
        status: result.status === "sent" ? "sent" : "recorded",
        crmId: result.crmId ?? null,
        // The fee the forms service recorded; null while it has not answered (the page then uses the form's message).
        feeTotal: result.form ? result.form.feeTotalCents / 100 : null,
      };
    },
  }),
];
