import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { recentActivities, useInProgress } from "@/api/get-in-progress";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { crmActivityName } from "@/lib/services/crm-activity-name";
import { formatActivityTime } from "@/utils/format";

/** The three newest activities, active or completed, with their status (spec 1 §2.7). */
export function RecentActivity({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const query = useInProgress(organizationId);
  const rows = recentActivities(query.data);
  return (
    <section className="panel recent-activity" aria-labelledby="recent-activity-heading">
      <div className="panel__header">
        <h2 id="recent-activity-heading">{t("DashboardHome.RecentActivity")}</h2>
        <Link to={paths.inProgress.href()}>{t("DashboardHome.ViewAll")}</Link>
      </div>
      {query.isPending && <p>{t("DashboardHome.Loading")}</p>}
      {query.isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.ActivitiesError")}
        </p>
      )}
      {query.isSuccess && rows.length === 0 && <p>{t("Activity.NoRecentActivities")}</p>}
      {rows.length > 0 && (
        <ul className="activity-list">
          {rows.map((row) => (
            <li key={row.id} className="activity-list__item">
              <Link to={paths.activityView.href(row.type, row.id)}>
                {crmActivityName(t, row)}
                {row.caseNumber && <span className="activity-list__number"> ({row.caseNumber})</span>}
              </Link>
              <StatusBadge status={row.statusInformation} />
              <span className="activity-list__time">
                {t("DashboardHome.LastUpdated", { time: formatActivityTime(row.lastModified) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
