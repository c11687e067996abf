import type { RouteTable } from "../../platform/http/route";
import { lpiActivityRoutes } from "./lpi-activity.routes";
import { paymentMethodsRoutes } from "./payment-methods.routes";

/** Payments: card and bank payments, stored methods, autopay, payment history, late-payment interest. */
export const paymentRoutes: RouteTable = {
  functionName: "payment",
  rewrites: [
    "/api/payment",
    "/api/payment/**",
    // Stored methods and autopay (billing settings)
    "/api/payment-methods",
    "/api/payment-methods/**",
    "/api/core/payment-methods",
    "/api/core/payment-methods/**",
    "/api/autopay",
    "/api/autopay/**",
  ],
  routes: [...lpiActivityRoutes, ...paymentMethodsRoutes],
};
