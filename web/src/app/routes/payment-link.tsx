import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";

const PaymentLinkPage = lazy(() => import("@/features/payment-link/components/payment-link-page"));

/** /pay/{token} (issue 31): a payment link from city staff; it opens /payment for its item until that is paid. */
export function Component() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const title = t("Pages.PaymentLink");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <PaymentLinkPage token={token} />
      </Suspense>
    </>
  );
}
