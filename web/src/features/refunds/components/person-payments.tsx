import type { PersonPayment, RefundResult } from "@contract/refunds";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { formatActivityTime, formatCents } from "@/utils/format";
import { usePersonPayments } from "../api/person-payments";
import { RefundForm } from "./refund-form";
import "../refunds.css";

/** What a payment was for: its type in the page's language and its account (or case, or licence) number. */
function useWhat() {
  const { t } = useTranslation();
  return (payment: { paymentType: string; accountNumber: string }) =>
    `${t(`Payment.Type.${payment.paymentType}`, { defaultValue: payment.paymentType })} ${payment.accountNumber}`;
}

function PaymentItem({ payment }: { payment: PersonPayment }) {
  const { t } = useTranslation();
  const what = useWhat();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<RefundResult | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes when the form closes: the refund's outcome, or back to the button on Cancel.
  const [focusAfterClose, setFocusAfterClose] = useState<"done" | "button" | null>(null);
  useEffect(() => {
    if (open || !focusAfterClose) return;
    (focusAfterClose === "done" ? doneRef.current : buttonRef.current)?.focus();
    setFocusAfterClose(null);
  }, [open, focusAfterClose]);
  const formId = `refund-${payment.paymentId.slice(0, 12)}`;
  const amount = formatCents(payment.amountCents);
  const date = payment.chargedAt ? formatActivityTime(payment.chargedAt) : "";
  return (
    <li className="refunds-payments__item">
      <p>
        <strong>{amount}</strong> · {what(payment)} · {date}
        {payment.maskedCardNumber ? ` · ${payment.maskedCardNumber}` : ""}
      </p>
      {payment.refundedCents > 0 ? (
        <p>{t("Refunds.RefundedSoFar", { amount: formatCents(payment.refundedCents) })}</p>
      ) : null}
      {done ? (
        <p ref={doneRef} role="status" tabIndex={-1} className="refunds-payments__done">
          {t("Refunds.Done", { amount: formatCents(done.amountCents), left: formatCents(done.refundAmountAvailable) })}
        </p>
      ) : null}
      {payment.refundable ? (
        open ? (
          <RefundForm
            payment={payment}
            id={formId}
            onDone={(result) => {
              setDone(result);
              setOpen(false);
              setFocusAfterClose("done");
            }}
            onCancel={() => {
              setOpen(false);
              setFocusAfterClose("button");
            }}
          />
        ) : (
          <button
            ref={buttonRef}
            type="button"
            className="button"
            aria-label={t("Refunds.OpenLabel", { amount, date })}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {t("Refunds.Open")}
          </button>
        )
      ) : (
        <p>{t("Refunds.InProviderPortal")}</p>
      )}
    </li>
  );
}

/**
 * The admin user view's payments through the portal (issue 32 "Refunds"): each with what was
 * refunded of it, and a Refund button that opens its refund form.
 */
export function PersonPayments({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const payments = usePersonPayments(uid);
  return (
    <section className="admin-section" aria-labelledby="user-portal-payments">
      <h2 id="user-portal-payments">{t("Refunds.PortalPayments")}</h2>
      <p>{t("Refunds.PortalPaymentsIntro")}</p>
      {payments.isPending ? <p>{t("App.Loading")}</p> : null}
      {payments.isError ? <AdminLoadError error={payments.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {payments.data?.length === 0 ? <p>{t("Refunds.NoPortalPayments")}</p> : null}
      {payments.data?.length ? (
        <ul className="refunds-payments">
          {payments.data.map((payment) => (
            <PaymentItem key={payment.paymentId} payment={payment} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
