// GET /api/paymentMaintenanceInfo
import { type AnyRoute, route } from "../../platform/http/route";
import { currentMaintenanceInfo } from "./maintenance-info.service";

export const maintenanceInfoRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/paymentMaintenanceInfo",
    access: "public",
    summary: "The maintenance warning and period in force now, and whether online bill pay is on",
    handler: () => currentMaintenanceInfo(),
  }),
];
