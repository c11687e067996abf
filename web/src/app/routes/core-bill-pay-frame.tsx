import type { PaymentResult } from "@contract/payment";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { FRAME_PAGE_EXTRA } from "@/components/payments/core-frame";
import { PaymentConfirmation } from "@/features/payment/components/confirmation";
import { CoreBillPay } from "@/features/payment/components/core-bill-pay";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import "@/features/payment/payment.css";

const ACCOUNT_NUMBER = /^\d{1,9}-\d{1,9}$/;
const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * /core/bill-pay/iframe (signed in) and /core/bill-pay/iframe/unauth (anyone): the provider's hosted
 * bill-pay frame on a page of its own (spec 2 §7), as the mobile app's web view opens it, for the
 * account and amount of its address (`accountNumber`, `amount` in dollars, `english`; the server
 * checks both and sets the charge). The frame is 60 taller than it reports (spec 2 §2, §9), taller
 * and scrollable after a frame error; the page shows the confirmation once the server recorded it.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  const [paid, setPaid] = useState<PaymentResult | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const accountNumber = params.get("accountNumber") ?? "";
  const amount = params.get("amount") ?? "";
  const english = params.get("english") === null ? undefined : params.get("english") !== "false";
  const amountCents = AMOUNT.test(amount) ? Math.round(Number(amount) * 100) : 0;
  const valid = ACCOUNT_NUMBER.test(accountNumber) && amountCents >= 100;
  const title = paid ? t("Payment.ConfirmationTitle") : t("Pages.CoreBillPayFrame");

  let body: React.ReactNode;
  if (paid) body = <PaymentConfirmation paymentId={paid.paymentId} />;
  else if (!valid) body = <p role="alert">{t("Payment.Core.FrameLinkIncomplete")}</p>;
  else if (flags.isPending) body = <p>{t("Payment.Core.Loading")}</p>;
  else if (!isFlagEnabled(flags.data, "EnableCORE")) body = <p>{t("Payment.Core.FrameNotInUse")}</p>;
  else if (cancelled) body = <p>{t("Payment.Core.FrameCancelled")}</p>;
  else {
    body = (
      <>
        <p>{t("Payment.Core.FramePageIntro", { accountNumber, amount: formatCents(amountCents) })}</p>
        <CoreBillPay
          accountNumber={accountNumber}
          amountCents={amountCents}
          pageExtra={FRAME_PAGE_EXTRA}
          english={english}
          onPaid={setPaid}
          onCancel={() => setCancelled(true)}
        />
      </>
    );
  }
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {body}
    </>
  );
}
