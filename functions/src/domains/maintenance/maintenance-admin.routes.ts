// GET /api/allPaymentMaintenanceInfo
// POST /api/paymentMaintenanceInfo
// PUT /api/paymentMaintenanceInfo
// DELETE /api/paymentMaintenanceInfo/:id
import { z } from "zod";
import { EVERY_DAY, type MaintenancePeriod, ZMaintenanceCreate, ZMaintenanceUpdate } from "../../contract/maintenance";
import type { MaintenanceWindow } from "../../contract/messages";
import {
  createMaintenancePeriod,
  deleteMaintenancePeriod,
  listMaintenancePeriodsWithIds,
  updateMaintenancePeriod,
} from "../../data/maintenance-periods";
import { notFound } from "../../platform/http/api-error";
import { route } from "../../platform/http/route";

const exampleWindow: MaintenanceWindow = {
  enabled: false,
  englishText: "Matrix check",
  spanishText: "Prueba de la matriz",
  startDate: null,
  endDate: null,
  startTime: "01:00 AM",
  endTime: "02:00 AM",
  daysActive: EVERY_DAY,
};
const examplePeriod = { maintenanceWarningAlert: exampleWindow, maintenanceSettings: exampleWindow };

/** Bill-pay maintenance administration (spec 3 §2, §7): list, add, edit and delete periods. */
export const maintenanceAdminRoutes = [
  route({
    method: "GET",
    path: "/api/allPaymentMaintenanceInfo",
    access: "admin",
    summary: "Every bill-pay maintenance period, oldest first",
    handler: async ({ res }): Promise<MaintenancePeriod[]> => {
      res.setHeader("cache-control", "no-store");
      return (await listMaintenancePeriodsWithIds()).map(({ id, data }) => ({
        id,
        maintenanceWarningAlert: data.maintenanceWarningAlert ?? null,
        maintenanceSettings: data.maintenanceSettings ?? null,
      }));
    },
  }),
  route({
    method: "POST",
    path: "/api/paymentMaintenanceInfo",
    access: "admin",
    summary: "Adds a bill-pay maintenance period and its warning",
    body: ZMaintenanceCreate,
    // Each run would leave one more period on the admin page: the matrix only checks refusals.
    destructive: true,
    example: { body: { billingMaintenancePeriod: examplePeriod } },
    handler: async ({ body, user }): Promise<MaintenancePeriod> => {
      const id = await createMaintenancePeriod(body.billingMaintenancePeriod, user?.uid ?? "");
      return { id, ...body.billingMaintenancePeriod };
    },
  }),
  route({
    method: "PUT",
    path: "/api/paymentMaintenanceInfo",
    access: "admin",
    summary: "Replaces a bill-pay maintenance period and its warning",
    body: ZMaintenanceUpdate,
    example: { body: { billingMaintenancePeriod: { id: "no-such-period", ...examplePeriod } } },
    handler: async ({ body, user }): Promise<MaintenancePeriod> => {
      const { id, ...period } = body.billingMaintenancePeriod;
      if (!(await updateMaintenancePeriod(id, period, user?.uid ?? ""))) throw notFound("No such period.");
      return { id, ...period };
    },
  }),
  route({
    method: "DELETE",
    path: "/api/paymentMaintenanceInfo/:id",
    access: "admin",
    summary: "Deletes a bill-pay maintenance period",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
    example: { params: { id: "no-such-period" } },
    handler: async ({ params }): Promise<{ deleted: true }> => {
      if (!(await deleteMaintenancePeriod(params.id))) throw notFound("No such period.");
      return { deleted: true };
    },
  }),
];
