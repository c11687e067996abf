import type { PaymentResult } from "@contract/payment";
import { FORM_FEE_ACCOUNT_TYPE, PERMIT_ACCOUNT_TYPE } from "@contract/payment-constants";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { OnlinePaymentUnavailable } from "@/features/billing/components/billing-unavailable";
import { PaymentConfirmation } from "@/features/payment/components/confirmation";
import { FormFeePayment } from "@/features/payment/components/form-fee-payment";
import { GuestPayment } from "@/features/payment/components/guest-payment";
import { PermitFeePayment } from "@/features/payment/components/permit-fee-payment";
import { linkAmounts } from "@/features/payment/link-amounts";
import "@/features/payment/payment.css";

/**
 * /payment (spec 2 §2): the account lookup, amount and card form; after paying, the same address
 * with ?receipt={paymentId} is the confirmation (it can be bookmarked and reloaded).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const receipt = params.get("receipt");
  // A form fee (spec 1 §2.12): the embedded form page names the submission and its payment code.
  const formFeeSubmission = params.get("accountType") === FORM_FEE_ACCOUNT_TYPE ? params.get("submissionId") : null;
  // A case's fee (spec 2 §2 "Pay now"): the case number; the fee is the CRM record's.
  const permitCase = params.get("accountType") === PERMIT_ACCOUNT_TYPE ? params.get("accountNumber") : null;
  const title = receipt ? t("Payment.ConfirmationTitle") : t("Pages.Payment");
  // While a bill-pay maintenance period is in force there is no form to fill in (spec 3 §3).
  const maintenance = usePaymentMaintenanceInfo();
  const onPaid = (result: PaymentResult) =>
    navigate(`${paths.payment.href()}?receipt=${encodeURIComponent(result.paymentId)}`, { replace: true });
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {receipt ? (
        <PaymentConfirmation paymentId={receipt} />
      ) : maintenance.data && !maintenance.data.onlineBillPayEnabled ? (
        <OnlinePaymentUnavailable info={maintenance.data} id="payment-unavailable" />
      ) : formFeeSubmission ? (
        <FormFeePayment
          submissionId={formFeeSubmission}
          paymentCode={params.get("paymentCode") ?? ""}
          onPaid={onPaid}
        />
      ) : permitCase ? (
        <PermitFeePayment accountNumber={permitCase} onPaid={onPaid} />
      ) : (
        <GuestPayment
          key="guest"
          initialAccountNumber={params.get("accountNumber") ?? ""}
          // spec 2: accountType is UTILITY by default; only a utility link opens with a water account.
          utilityLink={(params.get("accountType") ?? "UTILITY") === "UTILITY"}
          // amount, penaltyAmount, accountYear (spec 2 §2): shown beside the live amount due, never charged.
          linked={linkAmounts(params)}
          onPaid={onPaid}
        />
      )}
    </>
  );
}
