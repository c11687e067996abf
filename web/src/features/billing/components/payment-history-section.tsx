import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLoadFailureToast } from "@/components/ui/load-failure-toast";
import { ApiError } from "@/lib/api-client";
import { usePaymentHistory, usePaymentHistoryV2 } from "../api/get-payment-history";
import { lastTwelveMonths } from "./chart-model";

const PaymentHistoryChart = lazy(() =>
  import("./payment-history-chart").then((module) => ({ default: module.PaymentHistoryChart })),
);

/** The payment history chart with its states (spec 2 §8): 404 is 'no billing accounts', other failures an error. */
export function PaymentHistorySection({ organizationId, redesign }: { organizationId: string; redesign: boolean }) {
  const { t } = useTranslation();
  const v1 = usePaymentHistory(organizationId);
  const v2 = usePaymentHistoryV2(organizationId, redesign);
  const query = redesign ? v2 : v1;
  const error = query.error;
  useLoadFailureToast(Boolean(error) && !(error instanceof ApiError && error.status === 404));
  return (
    <section aria-labelledby="payment-history-chart-title">
      <h2 id="payment-history-chart-title">{t("Pages.PaymentHistory")}</h2>
      {/* Null: signed out (spec 2 §8 X7), no error and no empty state while the session check sends her to sign in. */}
      {query.isPending || query.data === null ? <p>{t("Billing.Loading")}</p> : null}
      {error instanceof ApiError && error.status === 404 ? <p>{t("Billing.NoAccounts")}</p> : null}
      {error && !(error instanceof ApiError && error.status === 404) ? (
        <p role="alert" className="error-text">
          {t("Dashboard.PaymentHistoryError")}
        </p>
      ) : null}
      {redesign && v2.data ? (
        <Suspense fallback={<p>{t("Billing.Loading")}</p>}>
          <PaymentHistoryChart variant="bar" payments={v2.data.payments} totals={v2.data.monthlyTotals} />
        </Suspense>
      ) : null}
      {!redesign && v1.data ? (
        <Suspense fallback={<p>{t("Billing.Loading")}</p>}>
          <PaymentHistoryChart variant="line" payments={lastTwelveMonths(v1.data, new Date())} />
        </Suspense>
      ) : null}
    </section>
  );
}
