import type { PaymentResult } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { LicenseRenewalForm } from "@/features/payment/components/license-renewal";
import "@/features/payment/payment.css";

/** /businesslicense (spec 2 §2): license renewal fees, paid like any payment; the receipt is /payment?receipt=. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t("Pages.BusinessLicense");
  const onPaid = (result: PaymentResult) =>
    navigate(`${paths.payment.href()}?receipt=${encodeURIComponent(result.paymentId)}`);
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <LicenseRenewalForm onPaid={onPaid} />
    </>
  );
}
