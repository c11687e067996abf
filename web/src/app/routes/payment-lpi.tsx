import { LPI_APPLICATION_NAME } from "@contract/activity-objects";
import type { PaymentResult } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { PaidFeeReceipt } from "@/components/payments/paid-fee";
import { paths } from "@/config/paths";
import { useLpiBill } from "@/features/payment/api/get-lpi-bill";
import { Checkout } from "@/features/payment/components/checkout";
import { ItemizedBill } from "@/features/payment/components/itemized-bill";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import "@/features/payment/payment.css";

/**
 * /paymentLPI?activityId= (spec 2 §2): the itemized late-payment-interest bill, paid with the card
 * form. Behind EnableLPI: while it is off, only the loading state shows.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [params] = useSearchParams();
  const activityId = params.get("activityId");
  const flags = useFeatureFlags(auth.authUser?.Id ?? null);
  const enabled = isFlagEnabled(flags.data, "EnableLPI");
  const bill = useLpiBill(activityId, enabled);
  const title = t("Pages.PaymentLpi");
  const onPaid = (result: PaymentResult) =>
    navigate(`${paths.payment.href()}?receipt=${encodeURIComponent(result.paymentId)}`, { replace: true });

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {(!enabled || bill.isPending) && !bill.isError && <p>{t("Payment.Loading")}</p>}
      {bill.isError && (
        <p role="alert" className="error-text">
          {t("Payment.LpiNotFound")}
        </p>
      )}
      {enabled && bill.data && activityId && (
        <section aria-labelledby="lpi-bill-heading" className="payment-account">
          <h2 id="lpi-bill-heading">{t("Payment.LpiBillTitle", { accountNumber: bill.data.accountNumber })}</h2>
          <ItemizedBill
            lines={bill.data.itemizedBill}
            caption={t("Payment.LpiLines")}
            headings={{
              number: t("Payment.LpiApplicationNumber"),
              name: t("Payment.LpiApplicationName"),
              fee: t("Payment.LpiApplicationFee"),
            }}
            nameText={(name) => (name === LPI_APPLICATION_NAME ? t("Payment.LpiWaiverName") : null)}
          />
          <p>{t("Payment.AmountDue", { amount: formatCents(bill.data.amountCents) })}</p>
          {bill.data.paid ? (
            <PaidFeeReceipt paid={bill.data.paid} headingId="lpi-paid-heading" />
          ) : bill.data.amountCents > 0 ? (
            <Checkout
              charge={{ endpoint: "/paymentLPI", input: { activityId, amountCents: bill.data.amountCents } }}
              onPaid={onPaid}
            />
          ) : (
            <p>{t("Payment.NothingDue")}</p>
          )}
        </section>
      )}
    </>
  );
}
