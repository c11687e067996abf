import { useTranslation } from "react-i18next";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { BillingRecords } from "@/features/billing/components/billing-records";
import { PaymentHistorySection } from "@/features/billing/components/payment-history-section";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/billing/components/billing.css";

/** /payment/water-bill-payment-records (spec 2 §2): bills, PDFs, Pay Bill and the payment history chart. */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const flags = useFeatureFlags(auth.authUser?.Id ?? null);
  const title = t("Pages.WaterBillPaymentRecords");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <BillingRecords organizationId={auth.selectedOrganization} />
      {flags.isSuccess ? (
        <PaymentHistorySection
          organizationId={auth.selectedOrganization}
          redesign={isFlagEnabled(flags.data, "EnableWaterBillRedesign")}
        />
      ) : null}
    </>
  );
}
