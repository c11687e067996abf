import type { PaymentResult } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { formatCents } from "@/utils/format";
import { useFormFee } from "../api/get-form-fee";
import { Checkout } from "./checkout";
import { FeeLoadStatus } from "./fee-load-status";

/**
 * A form fee (spec 1 §2.12, spec 2 §9): account 000000000-000000000, type 'Form Fee', and the
 * amount the server read from the forms service for this submission; the query string names the
 * submission and payment code only, never the amount.
 */
export function FormFeePayment({
  submissionId,
  paymentCode,
  onPaid,
}: {
  submissionId: string;
  paymentCode: string;
  onPaid: (result: PaymentResult) => void;
}) {
  const { t } = useTranslation();
  const fee = useFormFee({ submissionId, paymentCode });
  if (!fee.isSuccess) return <FeeLoadStatus error={fee.error} texts="Payment.FormFee" />;
  const { data } = fee;
  return (
    <section aria-labelledby="form-fee-heading" className="payment-account">
      <h2 id="form-fee-heading">{t("Payment.FormFee.AccountLabel", { accountNumber: data.accountNumber })}</h2>
      <dl className="receipt">
        <div>
          <dt>{t("Payment.Receipt.PaymentType")}</dt>
          <dd>{t("Payment.Type.FORM_FEE")}</dd>
        </div>
        <div>
          <dt>{t("Payment.FormFee.Form")}</dt>
          <dd>{data.processName}</dd>
        </div>
        <div>
          <dt>{t("Payment.FormFee.Amount")}</dt>
          <dd>{formatCents(data.amountCents)}</dd>
        </div>
      </dl>
      {data.paid ? (
        <p className="notice">{t("Payment.FormFee.Paid")}</p>
      ) : data.amountCents <= 0 ? (
        <p className="notice">{t("Payment.FormFee.NothingDue")}</p>
      ) : (
        <Checkout
          charge={{
            endpoint: "/payment",
            input: {
              paymentType: "FORM_FEE",
              amountCents: data.amountCents,
              formFee: { submissionId, paymentCode: data.paymentCode },
            },
          }}
          onPaid={onPaid}
        />
      )}
    </section>
  );
}
