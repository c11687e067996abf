import { useSearchParams } from "react-router-dom";
import { ReportPage } from "@/features/reports/components/report-page";

/** Report a problem: /report?item={name}&id={activity id} (spec 3, report page). */
export function Component() {
  const [searchParams] = useSearchParams();
  return <ReportPage item={searchParams.get("item")} activityId={searchParams.get("id")} />;
}
