// GET /api/systemAlerts
import { Timestamp } from "firebase-admin/firestore";
import type { SystemAlert } from "../../contract/messages";
import { db } from "../../platform/firebase";
import { isAdmin } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

export const systemAlertsCollection = () => db().collection("systemAlerts");

const text = (...values: unknown[]): string => {
  for (const value of values) if (typeof value === "string") return value;
  return "";
};

/** The API shape of systemAlerts/{id}; reads the spec's TitleAlertEnglish-style names too. */
export function toSystemAlert(id: string, data: Record<string, unknown>): SystemAlert {
  const created = data.CreatedAt;
  return {
    Id: id,
    titleEnglish: text(data.titleEnglish, data.TitleAlertEnglish),
    titleSpanish: text(data.titleSpanish, data.TitleAlertSpanish),
    textEnglish: text(data.textEnglish, data.TextEnglish),
    textSpanish: text(data.textSpanish, data.TextSpanish),
    active: (data.active ?? data.Active) === true,
    CreatedAt: (created instanceof Timestamp
      ? created.toDate()
      : new Date(typeof created === "string" ? created : 0)
    ).toISOString(),
    MaintenanceWarning: data.MaintenanceWarning === true,
  };
}

export const systemAlertsReadRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/systemAlerts",
    access: "public",
    summary: "System alerts: the active ones for everyone, all of them for admins; newest first",
    handler: async ({ user, res }): Promise<SystemAlert[]> => {
      const snapshot = await systemAlertsCollection().get();
      const alerts = snapshot.docs
        .map((doc) => toSystemAlert(doc.id, doc.data()))
        .filter((alert) => alert.active || isAdmin(user))
        .sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt));
      res.setHeader("cache-control", "no-store");
      return alerts;
    },
  }),
];
