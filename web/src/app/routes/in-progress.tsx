import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useInProgress } from "@/api/get-in-progress";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { ActivityTable } from "@/features/activities/components/activity-table";
import { useAuth } from "@/lib/auth/auth-state";

/** /in_progress (spec 2 §2): the active activities, then the previous (completed) ones. */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const query = useInProgress(auth.selectedOrganization);
  const title = t("Pages.InProgress");
  return (
    <div className="activities-page">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <Link to={paths.completedActivities.href()}>{t("Activity.ViewCompleted")}</Link>
      </p>
      {query.isPending && <p role="status">{t("DashboardHome.Loading")}</p>}
      {query.isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.ActivitiesError")}
        </p>
      )}
      {query.data && (
        <>
          <h2>{t("Activity.Active")}</h2>
          <ActivityTable activities={query.data.inProgress} caption={t("Activity.Active")} />
          <h2>{t("Activity.Previous")}</h2>
          <ActivityTable activities={query.data.completed} caption={t("Activity.Previous")} />
        </>
      )}
    </div>
  );
}
