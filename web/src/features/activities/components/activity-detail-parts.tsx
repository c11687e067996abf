import type { ActivityDetail } from "@contract/activity-detail";
import type { TFunction } from "i18next";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { StatusBadge, statusLabel } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { useRecordBoxFolder } from "@/features/activities/api/get-box-folder";
import { FileBox } from "@/features/activities/components/file-box";
import { ApiError } from "@/lib/api-client";
import { formatCalendarDay } from "@/utils/format-instant";

/**
 * A CRM field's label in the reader's language: the CRM describes its fields in English
 * ("Permit Type"); CrmField.<letters of the label> holds the translation, else the CRM's label.
 */
export function crmFieldLabel(t: TFunction, label: string): string {
  const key = label.replace(/[^A-Za-z]/g, "");
  return key ? t(`CrmField.${key}`, { defaultValue: label }) : label;
}

export function StatusPath({ detail }: { detail: ActivityDetail }) {
  const { t } = useTranslation();
  return (
    <ol className="status-path" aria-label={t("Activity.StatusPath")}>
      {detail.statuses.map((step) => (
        <li
          key={step.status}
          className={`status-path__step status-path__step--${step.state}`}
          aria-current={step.state === "current" ? "step" : undefined}
          data-status-color={step.statusInformation.color}
        >
          {statusLabel(t, step.statusInformation)}
          <span className="visually-hidden">
            {" "}
            ({t(step.terminated ? "Activity.StepTerminated" : `Activity.Step.${step.state}`)})
          </span>
        </li>
      ))}
    </ol>
  );
}

export function ActivityDocuments({ id }: { id: string }) {
  const { t } = useTranslation();
  const folder = useRecordBoxFolder(id);
  if (folder.isPending) return <p role="status">{t("Box.Loading")}</p>;
  if (folder.isError) {
    const missing = folder.error instanceof ApiError && folder.error.status === 404;
    return (
      <p className={missing ? undefined : "error-text"}>{t(missing ? "Box.NoFolderForActivity" : "Box.LoadFailed")}</p>
    );
  }
  return <FileBox folder={folder.data} heading={t("Activity.DocumentsHeading")} />;
}

/** The expected resolution date and latest status note, when the CRM has them. */
export function ExpectedDateAndNotes({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {(activity.expectedDate || activity.statusNotes) && (
        <dl>
          {activity.expectedDate && (
            <>
              <dt>{t("Activity.ExpectedDate")}</dt>
              <dd>{formatCalendarDay(activity.expectedDate)}</dd>
            </>
          )}
          {activity.statusNotes && (
            <>
              <dt>{t("Activity.StatusNotes")}</dt>
              <dd lang={activity.writtenIn?.statusNotes}>{activity.statusNotes}</dd>
            </>
          )}
        </dl>
      )}
    </>
  );
}

/** The form's details the public-fields configuration allows, and the related permits. */
export function ActivityFacts({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="form-details-heading">
        <h2 id="form-details-heading">
          {t("Activity.FormDetails", {
            label: t(`Activity.Types.${activity.activityType}`, { defaultValue: activity.formDetails.label }),
          })}
        </h2>
        {activity.formDetails.details.length === 0 ? (
          <p>{t("Activity.NoFormDetails")}</p>
        ) : (
          <dl>
            {activity.formDetails.details.map((detail) => (
              <Fragment key={detail.label}>
                <dt>{crmFieldLabel(t, detail.label)}</dt>
                <dd lang={detail.writtenIn}>{detail.data}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </section>

      {activity.relatedPermits.length > 0 && (
        <section aria-labelledby="related-heading">
          <h2 id="related-heading">{t("Activity.RelatedPermits")}</h2>
          <ul>
            {activity.relatedPermits.map((permit) => (
              <li key={permit.id}>
                <Link to={paths.activityView.href(permit.type, permit.id)}>{permit.name}</Link>{" "}
                <StatusBadge status={permit.statusInformation} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
