import { useParams } from "react-router-dom";
import { ReportCasePage } from "@/features/reports/components/report-case-page";

/** /reports/{caseId} (issue 33): a problem report's public page, where a resident follows it. */
export function Component() {
  const { caseId = "" } = useParams();
  return <ReportCasePage caseId={caseId} />;
}
