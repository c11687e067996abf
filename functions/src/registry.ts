import { catalogueRoutes } from "./domains/catalogue/routes";
import { maintenanceRoutes } from "./domains/maintenance/routes";
import { navilineRoutes } from "./domains/naviline/routes";
import { notificationsRoutes } from "./domains/notifications/routes";
import { paymentRoutes } from "./domains/payment/routes";
import { publicRoutes } from "./domains/public/routes";
import { reportsRoutes } from "./domains/reports/routes";
import { salesforceRoutes } from "./domains/salesforce/routes";
import { usersRoutes } from "./domains/users/routes";
import type { RouteTable } from "./platform/http/route";

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
