import type { DashboardActivity } from "@contract/case-status";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useInProgress } from "@/api/get-in-progress";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { crmActivityName } from "@/lib/services/crm-activity-name";

/** The banner with the count of items requiring attention; it goes to /in_progress. */
export function AttentionBanner({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <p className="attention-banner">
      <Link to={paths.inProgress.href()}>{t("DashboardHome.ItemsRequiringAttention", { count })}</Link>
    </p>
  );
}

/**
 * The Attention panel: each action-required activity and what the city asks for. Empty, it says
 * whether the user has no activities at all ('Activity.NoActivities') or none needing action.
 */
export function AttentionPanel({
  items,
  isError,
  isPending,
  organizationId,
}: {
  items: DashboardActivity[];
  isError: boolean;
  isPending: boolean;
  organizationId: string;
}) {
  const { t } = useTranslation();
  // The Recent Activity panel's query: read from the same cache entry, not fetched twice.
  const all = useInProgress(organizationId);
  const hasNoActivities = all.isSuccess && all.data.inProgress.length === 0 && all.data.completed.length === 0;
  return (
    <section className="panel attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">{t("DashboardHome.Attention")}</h2>
      {isPending && <p>{t("DashboardHome.Loading")}</p>}
      {isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.ActivitiesError")}
        </p>
      )}
      {!isPending && !isError && items.length === 0 && (
        <p>{hasNoActivities ? t("Activity.NoActivities") : t("DashboardHome.NothingNeedsAttention")}</p>
      )}
      {items.length > 0 && (
        <ul className="activity-list">
          {items.map((item) => (
            <li key={item.id} className="activity-list__item">
              <Link to={paths.activityView.href(item.type, item.id)}>
                {crmActivityName(t, item)}
                {item.caseNumber && <span className="activity-list__number"> ({item.caseNumber})</span>}
              </Link>
              <StatusBadge status={item.statusInformation} />
              {item.actionRequiredMessage && (
                <p className="activity-list__message" lang={item.actionRequiredMessageWrittenIn}>
                  {item.actionRequiredMessage}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
