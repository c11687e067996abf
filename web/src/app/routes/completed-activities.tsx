import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useInProgress } from "@/api/get-in-progress";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { ActivityTable } from "@/features/activities/components/activity-table";
import { useAuth } from "@/lib/auth/auth-state";

/** /completed_activities (spec 2 §2): the completed activities. */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const query = useInProgress(auth.selectedOrganization);
  const title = t("Pages.CompletedActivities");
  return (
    <div className="activities-page">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <Link to={paths.inProgress.href()}>{t("Activity.ViewInProgress")}</Link>
      </p>
      {query.isPending && <p role="status">{t("DashboardHome.Loading")}</p>}
      {query.isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.ActivitiesError")}
        </p>
      )}
      {query.data && <ActivityTable activities={query.data.completed} caption={title} />}
    </div>
  );
}
