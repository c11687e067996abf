// POST /api/systemAlerts
// PUT /api/systemAlerts/:id
// DELETE /api/systemAlerts/:id
import { z } from "zod";
import type { SystemAlert } from "../../contract/messages";
import { type SystemAlertCreate, ZSystemAlertCreate, ZSystemAlertUpdate } from "../../contract/system-alerts-admin";
import { createSystemAlert, deleteSystemAlert, listSystemAlerts, updateSystemAlert } from "../../data/system-alerts";
import { badRequest, notFound } from "../../platform/http/api-error";
import { route } from "../../platform/http/route";
import { hasVisibleText, sanitizeAlertHtml } from "./alert-html";
import { toSystemAlert } from "./system-alerts-read.routes";

const ZAlertId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** The texts as stored: HTML sanitized; a text that is nothing but markup is refused (spec 3 §5). */
function cleaned(input: SystemAlertCreate) {
  const textEnglish = sanitizeAlertHtml(input.textEnglish);
  const textSpanish = sanitizeAlertHtml(input.textSpanish);
  const fields: Record<string, string> = {};
  if (!hasVisibleText(textEnglish)) fields["body.textEnglish"] = "Required";
  if (!hasVisibleText(textSpanish)) fields["body.textSpanish"] = "Required";
  if (Object.keys(fields).length > 0) throw badRequest("Invalid body.", fields);
  return { titleEnglish: input.titleEnglish, titleSpanish: input.titleSpanish, textEnglish, textSpanish };
}

const example = {
  titleEnglish: "Matrix check",
  titleSpanish: "Prueba de la matriz",
  textEnglish: "<p>Checked.</p>",
  textSpanish: "<p>Comprobado.</p>",
};

/** The alert as it is stored now, for the audit trail's `before` (null when there is none). */
async function storedAlert({ params }: { params: unknown }) {
  const id = (params as { id: string }).id;
  return (await listSystemAlerts()).find((alert) => alert.id === id)?.data ?? null;
}
const alertId = ({ params }: { params: unknown }) => (params as { id: string }).id;

/** System alerts administration (spec 3 §2, §7): add, edit and delete; texts sanitized on save. */
export const systemAlertsAdminRoutes = [
  route({
    method: "POST",
    path: "/api/systemAlerts",
    access: "admin",
    summary: "Adds a system alert (active unless told otherwise), its HTML sanitized",
    body: ZSystemAlertCreate,
    // An active alert opens a modal on every page of every other journey: the matrix only checks refusals.
    destructive: true,
    example: { body: example },
    audit: { action: "alert.create", after: (_input, result) => result },
    handler: async ({ body, user }): Promise<SystemAlert> => {
      const created = await createSystemAlert({ ...cleaned(body), active: body.active ?? true }, user?.uid ?? "");
      return toSystemAlert(created.id, created.data);
    },
  }),
  route({
    method: "PUT",
    path: "/api/systemAlerts/:id",
    access: "admin",
    summary: "Edits a system alert's texts and active state, its HTML sanitized",
    params: ZAlertId,
    body: ZSystemAlertUpdate,
    example: { params: { id: "no-such-alert" }, body: { ...example, active: false } },
    audit: { action: "alert.update", subject: alertId, before: storedAlert, after: (_input, result) => result },
    handler: async ({ params, body }): Promise<SystemAlert> => {
      const updated = await updateSystemAlert(params.id, { ...cleaned(body), active: body.active });
      if (!updated) throw notFound("No such alert.");
      return toSystemAlert(updated.id, updated.data);
    },
  }),
  route({
    method: "DELETE",
    path: "/api/systemAlerts/:id",
    access: "admin",
    summary: "Deletes a system alert",
    params: ZAlertId,
    example: { params: { id: "no-such-alert" } },
    audit: { action: "alert.delete", subject: alertId, before: storedAlert, after: () => null },
    handler: async ({ params }): Promise<{ deleted: true }> => {
      if (!(await deleteSystemAlert(params.id))) throw notFound("No such alert.");
      return { deleted: true };
    },
  }),
];
