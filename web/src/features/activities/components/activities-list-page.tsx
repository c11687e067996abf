import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useInProgress } from "@/api/get-in-progress";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { ActivityTable } from "@/features/activities/components/activity-table";
import { useAuth } from "@/lib/auth/auth-state";

/**
 * /in_progress and /completed_activities (spec 2 §2): both read `GET /api/salesforce/inProgress`
 * for the selected organization; in-progress shows the active then the previous activities,
 * completed only the previous ones, and each links to the other.
 */
export function ActivitiesListPage({ list }: { list: "inProgress" | "completed" }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const query = useInProgress(auth.selectedOrganization);
  const inProgress = list === "inProgress";
  const title = t(inProgress ? "Pages.InProgress" : "Pages.CompletedActivities");
  return (
    <div className="activities-page">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        {inProgress ? (
          <Link to={paths.completedActivities.href()}>{t("Activity.ViewCompleted")}</Link>
        ) : (
          <Link to={paths.inProgress.href()}>{t("Activity.ViewInProgress")}</Link>
        )}
      </p>
      {query.isPending && <p role="status">{t("DashboardHome.Loading")}</p>}
      {query.isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.ActivitiesError")}
        </p>
      )}
      {query.data &&
        (inProgress ? (
          <>
            <h2>{t("Activity.Active")}</h2>
            <ActivityTable activities={query.data.inProgress} caption={t("Activity.Active")} />
            <h2>{t("Activity.Previous")}</h2>
            <ActivityTable activities={query.data.completed} caption={t("Activity.Previous")} />
          </>
        ) : (
          <ActivityTable activities={query.data.completed} caption={title} />
        ))}
    </div>
  );
}
