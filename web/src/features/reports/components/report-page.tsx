import { type ReportType, reportTypeOf } from "@contract/reports";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { ReportForm } from "./report-form";

/**
 * /report?item=&id= and /feedback (spec 3, report page): the type from the item (a catalogue
 * name or a type key), or app feedback forced; an unknown type says 'report type not found'.
 */
export function ReportPage({ item, activityId }: { item: string | null; activityId: string | null }) {
  const { t } = useTranslation();
  const type: ReportType | null = reportTypeOf(item);
  const title = type ? t(`Report.Titles.${type}`) : t("Pages.Report");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {type ? (
        <ReportForm key={type} type={type} activityId={activityId} />
      ) : (
        <p role="alert">{t("Report.TypeNotFound")}</p>
      )}
    </>
  );
}
