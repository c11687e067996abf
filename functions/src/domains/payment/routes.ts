import type { RouteTable } from "../../platform/http/route";
import { autopayRoutes } from "./autopay.routes";
import { formFeeRoutes } from "./form-fee.routes";
import { licenceRenewalRoutes } from "./licence-renewal.routes";
import { lpiActivityRoutes } from "./lpi-activity.routes";
import { lpiPaymentRoutes } from "./lpi-payment.routes";
import { mobileCardRoutes } from "./mobile-card.routes";
import { paymentMethodsRoutes } from "./payment-methods.routes";
import { submitRoutes } from "./submit.routes";

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
    // Paying: late payment interest, licence renewal fees
    "/api/paymentLPI",
    "/api/lpiPayment/**",
    "/api/licenses/**",
  ],
  routes: [
    ...lpiActivityRoutes,
    ...paymentMethodsRoutes,
    ...mobileCardRoutes,
    ...autopayRoutes,
    ...submitRoutes,
    ...formFeeRoutes,
    ...lpiPaymentRoutes,
    ...licenceRenewalRoutes,
  ],
};
