import type { PaymentResult } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PaidFeeReceipt } from "@/components/payments/paid-fee";
import { paths } from "@/config/paths";
import { formatCents } from "@/utils/format";
import { usePermitFee } from "../api/get-permit-fee";
import { Checkout } from "./checkout";
import { FeeLoadStatus } from "./fee-load-status";
import { ItemizedBill } from "./itemized-bill";

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
  if (!fee.isSuccess) return <FeeLoadStatus error={fee.error} texts="Payment.Permit" />;
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
