import type { RouteTable } from "./platform/http/route";

/**
 * Each function's route table by function name, loaded on demand: an instance of one function
 * loads its own domain only (registry.ts, which loads them all, is for tests and tools).
 */
export const ROUTE_TABLE_LOADERS: Record<string, () => Promise<RouteTable>> = {
  users: async () => (await import("./route-tables/users")).usersRoutes,
  catalogue: async () => (await import("./route-tables/catalogue")).catalogueRoutes,
  salesforce: async () => (await import("./route-tables/salesforce")).salesforceRoutes,
  notifications: async () => (await import("./route-tables/notifications")).notificationsRoutes,
  payment: async () => (await import("./route-tables/payment")).paymentRoutes,
  naviline: async () => (await import("./route-tables/naviline")).navilineRoutes,
  maintenance: async () => (await import("./route-tables/maintenance")).maintenanceRoutes,
  public: async () => (await import("./route-tables/public")).publicRoutes,
  reports: async () => (await import("./route-tables/reports")).reportsRoutes,
};
