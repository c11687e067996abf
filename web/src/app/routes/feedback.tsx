import { ReportPage } from "@/features/reports/components/report-page";

/** Send us feedback: the report page with the app-feedback type forced (spec 3, report page). */
export function Component() {
  return <ReportPage item="appFeedback" activityId={null} />;
}
