import { autopayRoutes } from "../domains/payment-methods/autopay.routes";
import { mobileCardRoutes } from "../domains/payment-methods/mobile-card.routes";
import { paymentMethodsRoutes } from "../domains/payment-methods/payment-methods.routes";
import { coreBillPayRoutes } from "../domains/payments/core-bill-pay.routes";
import { financeExportRoutes } from "../domains/payments/finance-export.routes";
import { formFeeRoutes } from "../domains/payments/form-fee.routes";
import { licenseRenewalRoutes } from "../domains/payments/license-renewal.routes";
import { lpiActivityRoutes } from "../domains/payments/lpi-activity.routes";
import { lpiPaymentRoutes } from "../domains/payments/lpi-payment.routes";
import { permitFeeRoutes } from "../domains/payments/permit-fee.routes";
import { refundRoutes } from "../domains/payments/refund.routes";
import { submitRoutes } from "../domains/payments/submit.routes";
import type { RouteTable } from "../platform/http/route";

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
    // The hosted bill-pay frame (EnableCORE)
    "/api/paymentus-token",
    "/api/core/bill-pay/**",
    "/api/autopay",
    "/api/autopay/**",
    // Paying: late payment interest, license renewal fees
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
    ...refundRoutes,
    ...formFeeRoutes,
    ...permitFeeRoutes,
    ...lpiPaymentRoutes,
    ...licenseRenewalRoutes,
    ...financeExportRoutes,
    ...coreBillPayRoutes,
  ],
};
