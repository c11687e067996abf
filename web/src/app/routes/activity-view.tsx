import type { ActivityDetail } from "@contract/activity-detail";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { useModals } from "@/components/ui/modals";
import { StatusBadge, statusLabel } from "@/components/ui/status-badge";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useCancelActivity } from "@/features/activities/api/cancel-activity";
import { useActivityDetail } from "@/features/activities/api/get-activity-detail";
import { useRecordBoxFolder } from "@/features/activities/api/get-box-folder";
import { AdditionalInformationForm } from "@/features/activities/components/additional-information-form";
import { FileBox } from "@/features/activities/components/file-box";
import { ApiError } from "@/lib/api-client";
import { formatActivityTime, formatDollars } from "@/utils/format";
import "@/features/activities/activities.css";

/** A CRM date (2026-11-20) as MM/DD/YYYY: a calendar day, so no time-zone shift. */
const calendarDay = (value: string) => {
  const [year, month, day] = value.split("-");
  return year && month && day ? `${month}/${day}/${year}` : value;
};

function StatusPath({ detail }: { detail: ActivityDetail }) {
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

function Documents({ id }: { id: string }) {
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

/** /activity-view/{type}/{id} (spec 2 §2): one activity of the user's or their organization's. */
export function Component() {
  const { t } = useTranslation();
  const { type = "", id = "" } = useParams();
  const detail = useActivityDetail(type, id);
  const cancel = useCancelActivity(type, id);
  const { showWarning, showError } = useModals();
  const toasts = useToasts();
  const title = detail.data?.name ?? t("Pages.ActivityView");

  const confirmCancel = async () => {
    const confirmed = await showWarning({
      title: t("Activity.CancelTitle"),
      body: t("Activity.CancelConfirm"),
      confirmLabel: t("Activity.CancelConfirmButton"),
      cancelLabel: t("Activity.KeepActivity"),
    });
    if (!confirmed) return;
    cancel.mutate(undefined, {
      onSuccess: () => toasts.show("success", t("activity-cancelled")),
      onError: () => showError(t("Activity.CancelFailed")),
    });
  };

  if (detail.isPending) {
    return (
      <div className="activity-detail">
        <PageHeading documentTitle={title}>{title}</PageHeading>
        <p role="status">{t("DashboardHome.Loading")}</p>
      </div>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="activity-detail">
        <PageHeading documentTitle={title}>{title}</PageHeading>
        <p role="alert" className="error-text">
          {t(missing ? "Activity.NotFound" : "Activity.LoadFailed")}
        </p>
        <p>
          <Link to={paths.inProgress.href()}>{t("Activity.BackToList")}</Link>
        </p>
      </div>
    );
  }
  const activity = detail.data;
  return (
    <div className="activity-detail">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        {t(`Activity.Types.${activity.activityType}`, { defaultValue: activity.activityType })}
        {activity.caseNumber && ` · ${t("Activity.Number", { number: activity.caseNumber })}`}
        {" · "}
        <StatusBadge status={activity.statusInformation} />
      </p>
      <p>{t("Activity.LastUpdated", { time: formatActivityTime(activity.lastModified) })}</p>
      <StatusPath detail={activity} />
      {(activity.expectedDate || activity.statusNotes) && (
        <dl>
          {activity.expectedDate && (
            <>
              <dt>{t("Activity.ExpectedDate")}</dt>
              <dd>{calendarDay(activity.expectedDate)}</dd>
            </>
          )}
          {activity.statusNotes && (
            <>
              <dt>{t("Activity.StatusNotes")}</dt>
              <dd>{activity.statusNotes}</dd>
            </>
          )}
        </dl>
      )}

      {activity.actionRequired && (
        <section aria-labelledby="action-required-heading">
          <h2 id="action-required-heading">{t("Activity.ActionRequired")}</h2>
          {activity.actionRequiredMessage && <p>{activity.actionRequiredMessage}</p>}
          <AdditionalInformationForm type={activity.activityType} id={activity.id} />
        </section>
      )}
      {activity.additionalInformationReceived && <p role="status">{t("Activity.AdditionalInformationReceived")}</p>}

      {activity.paymentRequired && activity.paymentAmount !== null && (
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading">{t("Activity.PaymentRequest")}</h2>
          <p>{t("Activity.PaymentDue", { amount: formatDollars(activity.paymentAmount) })}</p>
          <Link
            className="button button--primary"
            to={`${paths.payment.href()}?${new URLSearchParams({
              accountType: "PERMIT",
              accountNumber: activity.caseNumber,
              activityId: activity.id,
            }).toString()}`}
          >
            {t("Activity.Pay")}
          </Link>
        </section>
      )}

      <section aria-labelledby="form-details-heading">
        <h2 id="form-details-heading">{t("Activity.FormDetails", { label: activity.formDetails.label })}</h2>
        {activity.formDetails.details.length === 0 ? (
          <p>{t("Activity.NoFormDetails")}</p>
        ) : (
          <dl>
            {activity.formDetails.details.map((detail) => (
              <Fragment key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.data}</dd>
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

      <Documents id={activity.id} />

      {activity.isCancelable && (
        <section aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">{t("Activity.CancelHeading")}</h2>
          <button
            type="button"
            className="button button--secondary"
            disabled={cancel.isPending}
            onClick={() => void confirmCancel()}
          >
            {t("Activity.Cancel")}
          </button>
        </section>
      )}
    </div>
  );
}
