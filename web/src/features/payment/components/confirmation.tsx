import type { PaymentResult } from "@contract/payment";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents, formatShortDateTime } from "@/utils/format";
import { useReceipt } from "../api/get-receipt";
import { type ReceiptLine, receiptPdfUrl } from "../receipt-pdf";

/** Spec 2 §2 "Confirmation": amount, payment type, transaction and routing ids, and what happens next. */
function receiptLines(result: PaymentResult, t: (key: string) => string): ReceiptLine[] {
  return [
    [t("Payment.Receipt.Amount"), formatCents(result.amountCents)],
    [t("Payment.Receipt.PaymentType"), t(`Payment.Type.${result.paymentType}`)],
    [t("Payment.Receipt.Account"), result.accountNumber],
    [t("Payment.Receipt.Card"), `${result.cardType} ${result.maskedCardNumber}`],
    [t("Payment.Receipt.TransactionId"), result.authNetTransId],
    [t("Payment.Receipt.RoutingId"), result.navilineRoutingIds.join(", ") || t("Payment.Receipt.RoutingPending")],
    [t("Payment.Receipt.PaidAt"), formatShortDateTime(result.paidAt)],
  ];
}

/** The confirmation page (/payment?receipt={id}): bookmarkable and reloadable, with a PDF receipt. */
export function PaymentConfirmation({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const receipt = useReceipt(paymentId);
  const signedIn = Boolean(useAuth().authUser);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [pdfFailed, setPdfFailed] = useState(false);
  const result = receipt.data;

  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  if (receipt.isPending) return <p>{t("Payment.Loading")}</p>;
  if (!result) {
    return (
      <p role="alert" className="error-text">
        {t("Payment.ReceiptNotFound")}
      </p>
    );
  }
  const lines = receiptLines(result, t);
  const makePdf = () => {
    setPdfFailed(false);
    receiptPdfUrl(t("Payment.Receipt.Title"), lines, result).then(setPdfUrl, () => setPdfFailed(true));
  };
  return (
    <section className="payment-confirmation" aria-labelledby="confirmation-heading">
      <div className="notice notice--success">
        <h2 id="confirmation-heading">{t("Payment.SuccessTitle")}</h2>
        <p>{t("Payment.SuccessText", { amount: formatCents(result.amountCents) })}</p>
      </div>
      <dl className="receipt">
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("Payment.WhatHappensNext")}</h2>
      <p>{result.postedToAccount ? t("Payment.NextPosted") : t("Payment.NextPending")}</p>
      {result.cardSaved === true && <p>{t("Payment.CardSaved")}</p>}
      {result.autopayEnrolled === true && <p>{t("PaymentAutopay.On")}</p>}
      {result.autopayEnrolled === false && <p className="error-text">{t("PaymentAutopay.Failed")}</p>}
      <div className="form-actions">
        {pdfUrl ? (
          <a className="button button--primary" href={pdfUrl} download={`receipt-${result.authNetTransId}.pdf`}>
            {t("Payment.Receipt.Download")}
          </a>
        ) : (
          <button type="button" className="button button--primary" onClick={makePdf}>
            {t("Payment.Receipt.Make")}
          </button>
        )}
        {result.activity && (
          <Link
            className="button button--secondary"
            to={paths.activityView.href(result.activity.type, result.activity.id)}
          >
            {t("Payment.BackToCase")}
          </Link>
        )}
        {/* Spec 2 §4: Finish goes to /dashboard (a guest, who has none, to the home page). */}
        <Link className="button button--secondary" to={signedIn ? paths.dashboard.href() : paths.home.href()}>
          {t("Payment.Finish")}
        </Link>
      </div>
      {pdfFailed && (
        <p role="alert" className="error-text">
          {t("Payment.Receipt.Failed")}
        </p>
      )}
    </section>
  );
}
