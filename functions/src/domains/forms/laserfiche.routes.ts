// GET /api/laserfiche/forms
// GET /api/laserfiche/formUrl?bpid=&params=
// POST /api/laserfiche/submitToPortal
import { z } from "zod";
import { formsConnector as forms } from "../../connectors/forms/connection";
import type { BusinessProcessSummary } from "../../connectors/forms/types";
import { ZSubmitToPortal } from "../../contract/catalogue-admin";
import { badRequest } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
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
    // Each call records a pending submission.
    throttle: [{ name: "form-url", key: "caller", limit: 60, windowSeconds: 3600 }],
    example: { query: { bpid: "1030", params: '{"firstName":"Maria"}' } },
    handler: async ({ query, user }) => {
      if (!user) throw badRequest("Sign-in required.");
      const portalSubmissionId = await issueSubmission({ uid: user.uid, bpid: query.bpid });
      const url = forms().hostedFormUrl({
        bpid: query.bpid,
        portalSubmissionId,
        params: query.params,
        // Where the hosted form may post its events: our configured origin, never a request header.
        parentOrigin: portalOrigin(),
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
