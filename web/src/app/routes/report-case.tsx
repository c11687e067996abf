import { useCallback } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { rememberReturnPath } from "@/features/auth/auth-navigation";
import { ReportCasePage } from "@/features/reports/components/report-case-page";

/**
 * /reports/{caseId} (issue 33): a problem report's public page, where a resident follows it. A signed-out
 * visitor who presses Follow goes to /login, and the login brings her back here (auth-navigation's
 * return path), where the page follows the case.
 */
export function Component() {
  const { caseId = "" } = useParams();
  const navigate = useNavigate();
  const signInToFollow = useCallback(() => {
    rememberReturnPath(paths.reportCase.href(caseId));
    navigate(paths.login.href());
  }, [caseId, navigate]);
  return <ReportCasePage caseId={caseId} onSignInToFollow={signInToFollow} />;
}
