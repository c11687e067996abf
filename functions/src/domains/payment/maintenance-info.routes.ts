// GET /api/paymentMaintenanceInfo
import type { MaintenanceWindow, PaymentMaintenanceInfo } from "../../contract/messages";
import { listMaintenancePeriods } from "../../data/maintenance-periods";
import { type AnyRoute, route } from "../../platform/http/route";
import { windowInForce } from "./maintenance-window";

/** The bill-pay maintenance periods in force now (spec 3 §3 Billing maintenance period). */
export async function currentMaintenanceInfo(at = new Date()): Promise<PaymentMaintenanceInfo> {
  const periods = await listMaintenancePeriods();
  let maintenanceWarningAlert: MaintenanceWindow | null = null;
  let maintenanceSettings: MaintenanceWindow | null = null;
  for (const { maintenanceWarningAlert: warning, maintenanceSettings: settings } of periods) {
    if (!maintenanceWarningAlert && warning && windowInForce(warning, at)) maintenanceWarningAlert = warning;
    if (!maintenanceSettings && settings && windowInForce(settings, at)) maintenanceSettings = settings;
  }
  // Bill pay is on by default (spec 1 §9) and off only while a maintenance period runs.
  return { maintenanceWarningAlert, maintenanceSettings, onlineBillPayEnabled: maintenanceSettings === null };
}

export const maintenanceInfoRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/paymentMaintenanceInfo",
    access: "public",
    summary: "The maintenance warning and period in force now, and whether online bill pay is on",
    handler: () => currentMaintenanceInfo(),
  }),
];
