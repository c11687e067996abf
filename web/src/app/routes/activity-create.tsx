import { ACTIVITY_ACTIONS, type ActivityAction } from "@contract/activity";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useCreateActivity } from "@/features/catalogue-admin/api/save-activity";
import { ActivityForm, emptyFormValues } from "@/features/catalogue-admin/components/activity-form";
import "@/components/ui/admin.css";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";

/** /activities/create?action=: a new service (spec 1 §2.10). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ActivityCreate");
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  const create = useCreateActivity();
  const wanted = search.get("action");
  const action = ACTIVITY_ACTIONS.includes(wanted as ActivityAction) ? (wanted as ActivityAction) : null;

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {flags.isPending ? (
        <p>{t("App.Loading")}</p>
      ) : (
        <ActivityForm
          mode="create"
          defaultValues={emptyFormValues(action)}
          popularServicesEnabled={isFlagEnabled(flags.data, "EnablePopularServices")}
          onSubmit={async (values) => {
            const { deleted: _deleted, toggleInAppBrowser: _toggle, ...input } = values;
            try {
              const created = await create.mutateAsync(input);
              toasts.show("successAdd");
              navigate(paths.activityEdit.href(created.Id));
            } catch (error) {
              if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) {
                toasts.show("errorAdd", `${t("error-add")} ${t("ActivityAdmin.CreateFailed")}`);
              }
              throw error;
            }
          }}
        />
      )}
    </>
  );
}
