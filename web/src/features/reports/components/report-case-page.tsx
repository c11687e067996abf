import { caseStatusDisplay } from "@contract/case-status";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useFollowCase, useReportCase } from "../api/report-case";
import "../reports.css";

/**
 * A problem report's public page (issue 33): any resident who finds an open case (the report form's
 * nearby list, a shared link, a message about a case she follows) sees its public facts (type,
 * status, place, public photos, how many reported it; never who) and follows it, or stops following
 * it. One button whose label says what it will do, so focus stays on it; the status line says
 * where she stands and announces each change.
 */
export function ReportCasePage({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const detail = useReportCase(caseId);
  const follow = useFollowCase(caseId);
  const [changed, setChanged] = useState(false);
  const fallbackTitle = t("Report.Case.PageTitle");

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
  const stance = item.mine
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
      {item.photos.length > 0 ? (
        <ul className="report-nearby__photos report-case__photos" aria-label={t("Report.Case.Photos")}>
          {item.photos.map((photo, index) => (
            <li key={photo}>
              <img
                src={photo}
                alt={t("Report.NearbyPhoto", { number: index + 1, caseNumber: item.caseNumber })}
                className="report-nearby__photo"
                width={96}
                height={72}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
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
              follow.mutate(!item.following, { onSuccess: () => setChanged(true) });
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
      <p>
        <Link to={paths.messages.href()}>{t("Report.Case.ToMessages")}</Link>
      </p>
    </div>
  );
}
