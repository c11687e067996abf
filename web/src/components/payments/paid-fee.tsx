import type { PaidFee } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { formatCents, formatShortDateTime } from "@/utils/format";

/**
 * A fee the portal took a payment for, as its case page and its payment link show it: amount,
 * when, card and transaction, and the full receipt for the resident who paid.
 */
export function PaidFeeReceipt({ paid, headingId }: { paid: PaidFee; headingId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="paid-fee">
      <h2 id={headingId}>{t("Payment.PaidFee.Title")}</h2>
      <p className="notice notice--success">
        {t("Payment.PaidFee.Text", { amount: formatCents(paid.amountCents), date: formatShortDateTime(paid.paidAt) })}
      </p>
      <dl className="receipt">
        <div>
          <dt>{t("Payment.Receipt.Amount")}</dt>
          <dd>{formatCents(paid.amountCents)}</dd>
        </div>
        <div>
          <dt>{t("Payment.Receipt.PaidAt")}</dt>
          <dd>{formatShortDateTime(paid.paidAt)}</dd>
        </div>
        <div>
          <dt>{t("Payment.Receipt.Card")}</dt>
          <dd>{`${paid.cardType} ${paid.maskedCardNumber}`}</dd>
        </div>
        <div>
          <dt>{t("Payment.Receipt.TransactionId")}</dt>
          <dd>{paid.transactionId}</dd>
        </div>
      </dl>
      {paid.receiptId && (
        <p>
          <Link to={`${paths.payment.href()}?receipt=${encodeURIComponent(paid.receiptId)}`}>
            {t("Payment.PaidFee.ViewReceipt")}
          </Link>
        </p>
      )}
    </section>
  );
}
