import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useAdminActivity } from "@/features/catalogue-admin/api/get-admin-activity";
import { useUpdateActivity } from "@/features/catalogue-admin/api/save-activity";
import { ActivityForm, formValuesOf } from "@/features/catalogue-admin/components/activity-form";
import "@/components/ui/admin.css";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PopularIconUpload } from "@/features/catalogue-admin/components/popular-icon-upload";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";

/** /activities/:id: edit a service; its type is fixed (spec 1 §2.10). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ActivityEdit");
  const { id = "" } = useParams();
  const toasts = useToasts();
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  const activity = useAdminActivity(id);
  const update = useUpdateActivity(id);
  const notFound = activity.error instanceof ApiError && activity.error.status === 404;

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <Link to={paths.activitiesAdmin.href()}>{t("ActivityAdmin.BackToList")}</Link>
      </p>
      {activity.isPending || flags.isPending ? <p>{t("App.Loading")}</p> : null}
      {notFound ? <p role="alert">{t("ActivityAdmin.NotFound")}</p> : null}
      {activity.isError && !notFound ? (
        <AdminLoadError error={activity.error} message={t("ActivityAdmin.NotFound")} />
      ) : null}
      {activity.data && !flags.isPending ? (
        <>
          <ActivityForm
            key={activity.data.Id}
            mode="edit"
            defaultValues={formValuesOf(activity.data)}
            popularServicesEnabled={isFlagEnabled(flags.data, "EnablePopularServices")}
            onSubmit={async (values) => {
              try {
                await update.mutateAsync(values);
                toasts.show("successUpdate");
              } catch (error) {
                if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) toasts.show("errorUpdate");
                throw error;
              }
            }}
          />
          <PopularIconUpload activityId={activity.data.Id} iconUrl={activity.data.PopularServiceIconURL} />
        </>
      ) : null}
    </>
  );
}
