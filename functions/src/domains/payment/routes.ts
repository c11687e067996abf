import type { RouteTable } from "../../platform/http/route";
import { lpiActivityRoutes } from "./lpi-activity.routes";

/** Payments: card and bank payments, stored methods, autopay, payment history, late-payment interest. */
export const paymentRoutes: RouteTable = {
  functionName: "payment",
  rewrites: ["/api/payment", "/api/payment/**"],
  routes: [...lpiActivityRoutes],
};
