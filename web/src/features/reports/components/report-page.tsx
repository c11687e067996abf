import { type ReportType, reportStopperOf, reportTypeOf } from "@contract/reports";
import { useTranslation } from "react-i18next";
import { useActivities } from "@/api/get-activities";
import { PageHeading } from "@/components/layout/page-heading";
import { useAuth } from "@/lib/auth/auth-state";
import { ReportForm } from "./report-form";
import { ReportStopper } from "./report-stopper";

/**
 * /report?item=&id= and /feedback (spec 3, report page): the type from the item (a catalogue
 * name or a type key), or app feedback forced; an unknown type says 'report type not found'. A type
 * whose catalogue service carries a stopper (issue 33) shows its notice instead of the form; the
 * catalogue is the picker's own query, so it is usually in hand already.
 */
export function ReportPage({ item, activityId }: { item: string | null; activityId: string | null }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const catalogue = useActivities(auth.authUser?.Id ?? null);
  const type: ReportType | null = reportTypeOf(item);
  const title = type ? t(`Report.Titles.${type}`) : t("Pages.Report");
  // The catalogue unreadable: the form, and the API still refuses a stopped type.
  const stopper = type && catalogue.data ? reportStopperOf(type, activityId, catalogue.data) : null;
  const body = () => {
    if (!type) return <p role="alert">{t("Report.TypeNotFound")}</p>;
    if (catalogue.isPending) return <p role="status">{t("Report.Loading")}</p>;
    if (stopper) return <ReportStopper stopper={stopper} />;
    return <ReportForm key={type} type={type} activityId={activityId} />;
  };
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {body()}
    </>
  );
}
