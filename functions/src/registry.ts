import type { RouteTable } from "./platform/http/route";
import { catalogueRoutes } from "./route-tables/catalogue";
import { maintenanceRoutes } from "./route-tables/maintenance";
import { navilineRoutes } from "./route-tables/naviline";
import { notificationsRoutes } from "./route-tables/notifications";
import { paymentRoutes } from "./route-tables/payment";
import { publicRoutes } from "./route-tables/public";
import { reportsRoutes } from "./route-tables/reports";
import { salesforceRoutes } from "./route-tables/salesforce";
import { usersRoutes } from "./route-tables/users";

/** Every API domain: one HTTPS function each. Tests walk this list (access matrix, bad input). */
export const ROUTE_TABLES: RouteTable[] = [
  usersRoutes,
  catalogueRoutes,
  salesforceRoutes,
  notificationsRoutes,
  paymentRoutes,
  navilineRoutes,
  maintenanceRoutes,
  publicRoutes,
  reportsRoutes,
];
