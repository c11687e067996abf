import type { PaymentResult } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PaidFeeReceipt } from "@/components/payments/paid-fee";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { formatCents } from "@/utils/format";
import { usePermitFee } from "../api/get-permit-fee";
import { Checkout } from "./checkout";
import { ItemizedBill } from "./itemized-bill";

/** Why the fee could not be shown, in the page's words. */
function loadErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Payment.Permit.SignIn";
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return "Payment.Permit.NotFound";
  return "Payment.Permit.Unavailable";
}

/**
 * A case's fee (spec 2 §2 "Pay now", §9 PERMIT): /payment?accountType=PERMIT&accountNumber={case
 * number}. The amount and its lines are what the server read from the CRM record; the query string
 * names the case only. Once paid, the page shows the payment instead of a card form.
 */
export function PermitFeePayment({
  accountNumber,
  onPaid,
}: {
  accountNumber: string;
  onPaid: (result: PaymentResult) => void;
}) {
  const { t } = useTranslation();
  const fee = usePermitFee(accountNumber);
  if (fee.isPending) return <p>{t("Payment.Loading")}</p>;
  if (fee.isError) {
    return (
      <p role="alert" className="error-text">
        {t(loadErrorKey(fee.error))}
      </p>
    );
  }
  const { data } = fee;
  return (
    <section aria-labelledby="permit-fee-heading" className="payment-account">
      <h2 id="permit-fee-heading">{t("Payment.Permit.AccountLabel", { accountNumber: data.accountNumber })}</h2>
      <p>
        <Link to={paths.activityView.href(data.activityType, data.activityId)}>{t("Payment.Permit.BackToCase")}</Link>
      </p>
      {data.itemizedBill.length > 0 && (
        <ItemizedBill
          lines={data.itemizedBill}
          caption={t("Payment.Permit.Lines")}
          headings={{
            number: t("Payment.Permit.Number"),
            name: t("Payment.Permit.Item"),
            fee: t("Payment.Permit.Fee"),
          }}
        />
      )}
      {data.paid ? (
        <PaidFeeReceipt paid={data.paid} headingId="permit-fee-paid-heading" />
      ) : data.amountCents <= 0 ? (
        <p className="notice">{t("Payment.Permit.NothingDue")}</p>
      ) : (
        <>
          <p>{t("Payment.AmountDue", { amount: formatCents(data.amountCents) })}</p>
          <Checkout
            charge={{
              endpoint: "/payment",
              input: { paymentType: "PERMIT", amountCents: data.amountCents, permit: { accountNumber } },
            }}
            onPaid={onPaid}
          />
        </>
      )}
    </section>
  );
}
