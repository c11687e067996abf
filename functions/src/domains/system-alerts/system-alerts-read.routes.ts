// GET /api/systemAlerts
import type { SystemAlert } from "../../contract/messages";
import { instant } from "../../data/fields";
import { listSystemAlerts, type SystemAlertDoc } from "../../data/system-alerts";
import { isAdmin } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

/** The API shape of systemAlerts/{id}; reads the spec's TitleAlertEnglish-style names too. */
export function toSystemAlert(id: string, data: SystemAlertDoc): SystemAlert {
  return {
    Id: id,
    titleEnglish: data.titleEnglish ?? data.TitleAlertEnglish ?? "",
    titleSpanish: data.titleSpanish ?? data.TitleAlertSpanish ?? "",
    textEnglish: data.textEnglish ?? data.TextEnglish ?? "",
    textSpanish: data.textSpanish ?? data.TextSpanish ?? "",
    active: (data.active ?? data.Active) === true,
    CreatedAt: instant(data.CreatedAt) ?? new Date(0).toISOString(),
    MaintenanceWarning: data.MaintenanceWarning,
  };
}

export const systemAlertsReadRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/systemAlerts",
    access: "public",
    summary: "System alerts: the active ones for everyone, all of them for admins; newest first",
    handler: async ({ user, res }): Promise<SystemAlert[]> => {
      const stored = await listSystemAlerts();
      const alerts = stored
        .map(({ id, data }) => toSystemAlert(id, data))
        .filter((alert) => alert.active || isAdmin(user))
        .sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt));
      res.setHeader("cache-control", "no-store");
      return alerts;
    },
  }),
];
