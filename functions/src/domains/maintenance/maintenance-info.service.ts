import type { MaintenanceWindow, PaymentMaintenanceInfo } from "../../contract/messages";
import { listMaintenancePeriods } from "../../data/maintenance-periods";
import { ApiError } from "../../platform/http/api-error";
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

/**
 * Refuses a water-bill payment while a maintenance period is in force (the same rule that turns
 * Pay Bill off in the browser), before anything is recorded or charged.
 */
export async function requireBillPayOn(at = new Date()): Promise<void> {
  if (!(await currentMaintenanceInfo(at)).onlineBillPayEnabled)
    throw new ApiError("unavailable", "Online bill pay is down for maintenance. Please try again later.");
}
