import { PAY_AGAIN_CODE } from "@contract/payment-constants";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/ui/form/form-actions";
import { ApiError } from "@/lib/api-client";
import { formatCents, formatDate } from "@/utils/format";

/** The earlier payment of a bill; its amount and time come only to a signed-in holder of the account. */
export type PreviousPayment = { amountCents: number; paidAt: string } | { unknown: true };

/** The earlier payment a 409 "Pay again?" names, or null for any other error. */
export function previousPaymentOf(error: unknown): PreviousPayment | null {
  if (!(error instanceof ApiError && error.status === 409 && error.message === PAY_AGAIN_CODE)) return null;
  return error.fields.amountCents && error.fields.paidAt
    ? { amountCents: Number(error.fields.amountCents), paidAt: error.fields.paidAt }
    : { unknown: true };
}

/** "Pay again?" (spec 2 §2): the bill took money in this cycle; the payer confirms or stops. */
export function PayAgainNotice({
  previous,
  onYes,
  onNo,
  ref,
}: {
  previous: PreviousPayment;
  onYes: () => void;
  onNo: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  return (
    <div ref={ref} tabIndex={-1} role="alertdialog" aria-labelledby="pay-again-text" className="notice">
      <p id="pay-again-text">
        {"unknown" in previous
          ? t("Payment.PayAgainUndisclosed")
          : t("Payment.PayAgain", { amount: formatCents(previous.amountCents), date: formatDate(previous.paidAt) })}
      </p>
      <FormActions
        className="form-actions"
        actions={[
          { label: t("Payment.PayAgainYes"), onClick: onYes },
          { label: t("Payment.PayAgainNo"), onClick: onNo },
        ]}
      />
    </div>
  );
}
