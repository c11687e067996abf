import type { RouteTable } from "./platform/http/route";

/**
 * Each function's route table by function name, loaded on demand: an instance of one function
 * loads its own domain only (registry.ts, which loads them all, is for tests and tools).
 */
export const ROUTE_TABLE_LOADERS: Record<string, () => Promise<RouteTable>> = {
  users: async () => (await import("./domains/users/routes")).usersRoutes,
  catalogue: async () => (await import("./domains/catalogue/routes")).catalogueRoutes,
  salesforce: async () => (await import("./domains/salesforce/routes")).salesforceRoutes,
  notifications: async () => (await import("./domains/notifications/routes")).notificationsRoutes,
  payment: async () => (await import("./domains/payment/routes")).paymentRoutes,
  naviline: async () => (await import("./domains/naviline/routes")).navilineRoutes,
  maintenance: async () => (await import("./domains/maintenance/routes")).maintenanceRoutes,
  public: async () => (await import("./domains/public/routes")).publicRoutes,
  reports: async () => (await import("./domains/reports/routes")).reportsRoutes,
};
