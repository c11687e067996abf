import { caseStatusDisplay } from "@contract/case-status";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { signInStage, useAuth } from "@/lib/auth/auth-state";
import { useFollowCase, useReportCase } from "../api/report-case";
import { rememberFollowAfterSignIn, takeFollowAfterSignIn } from "../follow-after-sign-in";
import { ReportPhotos } from "./report-photos";
import "../reports.css";

/**
 * A problem report's public page (issue 33): anyone who finds an open case (the report form's nearby
 * list, a shared link, a message about a case she follows) sees its public facts (type, status, place,
 * public photos, how many reported it; never who), and a resident follows it, or stops following it.
 * One button whose label says what it will do, so focus stays on it; the status line says where she
 * stands and announces each change. A signed-out visitor's Follow sends her to sign in
 * (`onSignInToFollow`); back on the page, signed in, it follows the case.
 */
export function ReportCasePage({ caseId, onSignInToFollow }: { caseId: string; onSignInToFollow: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = signInStage(auth) !== "anonymous";
  const userId = auth.authUser?.Id ?? null;
  const detail = useReportCase(caseId, userId);
  const follow = useFollowCase(caseId, userId);
  const { mutate: setFollowing } = follow;
  const [changed, setChanged] = useState(false);
  const fallbackTitle = t("Report.Case.PageTitle");

  // Back from signing in after pressing Follow: follow it now, unless it is hers, followed already or closed.
  const shown = detail.data;
  useEffect(() => {
    if (!signedIn || !shown || !takeFollowAfterSignIn(caseId)) return;
    if (shown.mine || shown.following || shown.closed) return;
    setFollowing(true, { onSuccess: () => setChanged(true) });
  }, [signedIn, shown, caseId, setFollowing]);

  if (detail.isPending || detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="report-case">
        <PageHeading documentTitle={fallbackTitle}>{fallbackTitle}</PageHeading>
        {detail.isPending ? (
          <p role="status">{t("Report.Case.Loading")}</p>
        ) : (
          <p role="alert" className="error-text">
            {t(missing ? "Report.Case.NotFound" : "Report.Case.LoadFailed")}
          </p>
        )}
      </div>
    );
  }

  const item = detail.data;
  const title = t("Report.CaseNumber", { caseNumber: item.caseNumber });
  const stance = !signedIn
    ? t(item.closed ? "Report.Case.Closed" : "Report.Case.SignInToFollow")
    : item.mine
      ? t("Report.Case.Mine")
      : item.following
        ? t(changed ? "Report.Case.NowFollowing" : "Report.Case.Following", { caseNumber: item.caseNumber })
        : item.closed
          ? t("Report.Case.Closed")
          : t(changed ? "Report.Case.Unfollowed" : "Report.Case.NotFollowing");
  // A closed case can still be left, never joined.
  const canToggle = !item.mine && (item.following || !item.closed);

  return (
    <div className="report-case">
      <PageHeading documentTitle={title}>
        {t("Report.Case.Heading")} <span translate="no">{item.caseNumber}</span>
      </PageHeading>
      <p>{t("Report.Case.Intro")}</p>
      <dl className="report-case__facts">
        <dt>{t("Report.Case.Type")}</dt>
        <dd>{t(`Report.Types.${item.type}`)}</dd>
        <dt>{t("Report.Case.Status")}</dt>
        <dd>
          <StatusBadge status={caseStatusDisplay(item.status, "Case")} />
        </dd>
        {item.address ? (
          <>
            <dt>{t("Report.Case.Place")}</dt>
            <dd translate="no">{item.address}</dd>
          </>
        ) : null}
        <dt>{t("Report.Case.ReportedBy")}</dt>
        <dd>{t("Report.Case.Reporters", { count: item.reporters })}</dd>
      </dl>
      <ReportPhotos photos={item.photos} caseNumber={item.caseNumber} layout="list" />
      <section className="report-case__follow" aria-labelledby="report-case-follow-heading">
        <h2 id="report-case-follow-heading">{t("Report.Case.FollowHeading")}</h2>
        <p role="status">{stance}</p>
        {item.mine ? (
          <p>
            <Link to={paths.activityView.href("Case", item.caseId)}>{t("Report.Case.SeeYourCase")}</Link>
          </p>
        ) : null}
        {canToggle ? (
          <button
            type="button"
            className={`button ${item.following ? "button--secondary" : "button--primary"}`}
            // Not `disabled` while it is sent: a disabled button loses focus, and keyboard users with it.
            aria-disabled={follow.isPending}
            onClick={() => {
              if (follow.isPending) return;
              if (!signedIn) {
                rememberFollowAfterSignIn(caseId);
                onSignInToFollow();
                return;
              }
              setFollowing(!item.following, { onSuccess: () => setChanged(true) });
            }}
          >
            {t(item.following ? "Report.Case.Unfollow" : "Report.Case.Follow")}
          </button>
        ) : null}
        {follow.isError ? (
          <p role="alert" className="error-text">
            {t(
              follow.error instanceof ApiError && follow.error.status === 409
                ? "Report.Case.ClosedNow"
                : "Report.Case.FollowFailed",
            )}
          </p>
        ) : null}
      </section>
      {signedIn ? (
        <p>
          <Link to={paths.messages.href()}>{t("Report.Case.ToMessages")}</Link>
        </p>
      ) : null}
    </div>
  );
}
