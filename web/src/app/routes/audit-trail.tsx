import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import "@/features/audit/audit.css";

// The admin screen loads as a chunk of its own (admin screens load lazily).
const AuditTrailAdmin = lazy(() => import("@/features/audit/components/audit-trail-admin"));

/** /audit-trail (issue 31): who read or changed what, with before and after; filter and export. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.AuditTrail");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("AuditAdmin.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <AuditTrailAdmin />
      </Suspense>
    </>
  );
}
