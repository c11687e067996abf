import { ACTIVITY_ACTIONS, type Activity, type ActivityAction } from "@contract/activity";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { AdminTable } from "@/components/ui/admin-table";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useDeleteActivity } from "@/features/catalogue-admin/api/delete-activity";
import { useAdminActivities } from "@/features/catalogue-admin/api/get-admin-activities";
import "@/components/ui/admin.css";
import "@/components/ui/status-badge.css";
import { getResourcesRevision, i18n, loadServerTranslations, subscribeToResources } from "@/lib/i18n";
import { ACTIVITY_DESCRIPTION_GROUP, activityItemKey, activityName } from "@/lib/services/activity-label";

/**
 * "No Spanish text" beside a service whose name or description the admins have not translated
 * (languages editor, groups Activity.Item and Activity.Description): the Spanish pages then show
 * its English (issue 28). The Spanish texts are loaded for this even when the admin reads English.
 */
function MissingSpanish({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  useSyncExternalStore(subscribeToResources, getResourcesRevision);
  useEffect(() => {
    void loadServerTranslations("es");
  }, []);
  if (!i18n.hasResourceBundle("es", "translation")) return null;
  const missing = [
    activityItemKey(activity.Id),
    ...(activity.Description ? [`${ACTIVITY_DESCRIPTION_GROUP}.${activity.Id}`] : []),
  ].some((key) => !i18n.getResource("es", "translation", key));
  if (!missing) return null;
  return <span className="status-badge status-badge--gray admin-missing-spanish">{t("ActivityAdmin.NoSpanish")}</span>;
}

/** /activities: the service catalogue grouped by action (spec 1 §2.10). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ActivitiesAdmin");
  const activities = useAdminActivities();
  const remove = useDeleteActivity();
  const modals = useModals();
  const toasts = useToasts();

  const confirmDelete = async (activity: Activity) => {
    const confirmed = await modals.showWarning({
      title: t("ActivityAdmin.DeleteTitle"),
      body: t("ActivityAdmin.DeleteBody", { name: activity.Item }),
      confirmLabel: t("ActivityAdmin.Delete"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(activity.Id);
      toasts.show("successRemove");
    } catch {
      toasts.show("errorRemove");
    }
  };

  const groups = ACTIVITY_ACTIONS.map((action) => ({
    action,
    items: (activities.data ?? []).filter((activity) => activity.Action === action),
  }));

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <Link className="button button--primary" to={paths.activityCreate.href()}>
          {t("ActivityAdmin.Add")}
        </Link>
      </p>
      {activities.isPending ? <p>{t("App.Loading")}</p> : null}
      {activities.isError ? <AdminLoadError error={activities.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {activities.data
        ? groups.map(({ action, items }) => (
            <ActionGroup
              key={action}
              action={action}
              items={items}
              onDelete={(activity) => void confirmDelete(activity)}
            />
          ))
        : null}
    </>
  );
}

function ActionGroup({
  action,
  items,
  onDelete,
}: {
  action: ActivityAction;
  items: Activity[];
  onDelete: (activity: Activity) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `action-${action}`;
  const actionLabel = t(`ActivityAdmin.Action.${action}`);
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId}>{actionLabel}</h2>
        <Link to={paths.activityCreate.href(action)}>{t("ActivityAdmin.AddTo", { action: actionLabel })}</Link>
      </div>
      {items.length === 0 ? (
        <p>{t("ActivityAdmin.NoneInGroup")}</p>
      ) : (
        <AdminTable
          label={t("ActivityAdmin.TableLabel", { action: actionLabel })}
          rows={items}
          rowKey={(activity) => activity.Id}
          columns={[
            {
              header: t("ActivityAdmin.Field.item"),
              rowHeader: true,
              cell: (activity) => {
                // The name in the admin's language (the English one, marked so, where none is translated).
                const name = activityName(t, i18n.language, activity);
                return (
                  <>
                    <Link to={paths.activityEdit.href(activity.Id)} lang={name.lang}>
                      {name.text}
                    </Link>
                    <MissingSpanish activity={activity} />
                  </>
                );
              },
            },
            { header: t("ActivityAdmin.Field.type"), cell: (activity) => t(`ActivityAdmin.Type.${activity.Type}`) },
            { header: t("ActivityAdmin.Field.order"), cell: (activity) => activity.Order },
            {
              header: t("ActivityAdmin.Field.published"),
              cell: (activity) => (activity.Published ? t("ActivityAdmin.Yes") : t("ActivityAdmin.No")),
            },
            {
              header: t("ActivityAdmin.Actions"),
              cell: (activity) => {
                const name = activityName(t, i18n.language, activity);
                return (
                  <>
                    <Link to={paths.activityEdit.href(activity.Id)}>
                      {t("ActivityAdmin.Edit")}
                      <span className="visually-hidden" lang={name.lang}>
                        {" "}
                        {name.text}
                      </span>
                    </Link>{" "}
                    <button type="button" className="button button--secondary" onClick={() => onDelete(activity)}>
                      {t("ActivityAdmin.Delete")}
                      <span className="visually-hidden" lang={name.lang}>
                        {" "}
                        {name.text}
                      </span>
                    </button>
                  </>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}
