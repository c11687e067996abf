import type { ActivityDetail } from "@contract/activity-detail";
import { PERMIT_ACCOUNT_TYPE } from "@contract/payment-constants";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { PaidFeeReceipt } from "@/components/payments/paid-fee";
import { useModals } from "@/components/ui/modals";
import { StatusBadge } from "@/components/ui/status-badge";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useCancelActivity } from "@/features/activities/api/cancel-activity";
import { useActivityDetail } from "@/features/activities/api/get-activity-detail";
import {
  ActivityDocuments,
  ActivityFacts,
  ExpectedDateAndNotes,
  StatusPath,
} from "@/features/activities/components/activity-detail-parts";
import { AdditionalInformationForm } from "@/features/activities/components/additional-information-form";
import { FixedQuestionSection } from "@/features/activities/components/fixed-question-form";
import { ActivityHistory, ReportedProblemSection } from "@/features/activities/components/reported-problem";
import { ApiError } from "@/lib/api-client";
import { formatActivityTime, formatDollars } from "@/utils/format";
import "@/features/activities/activities.css";
import { crmActivityName } from "@/lib/services/crm-activity-name";

/**
 * Where "Pay now" goes (spec 2 §2): an LPI application's bill is /paymentLPI; any other case's fee
 * is /payment?accountType=PERMIT&accountNumber={case number}, which reads the fee from the CRM.
 */
export function payNowHref(activity: Pick<ActivityDetail, "activityType" | "id" | "caseNumber">): string {
  if (activity.activityType === "LPI_Application__c") {
    return `${paths.paymentLpi.href()}?${new URLSearchParams({ activityId: activity.id }).toString()}`;
  }
  const query = new URLSearchParams({ accountType: PERMIT_ACCOUNT_TYPE, accountNumber: activity.caseNumber });
  return `${paths.payment.href()}?${query.toString()}`;
}

/** /activity-view/{type}/{id} (spec 2 §2): one activity of the user's or their organization's. */
export function Component() {
  const { t } = useTranslation();
  const { type = "", id = "" } = useParams();
  const detail = useActivityDetail(type, id);
  const cancel = useCancelActivity(type, id);
  const { showWarning, showError } = useModals();
  const toasts = useToasts();
  const title = detail.data ? crmActivityName(t, { type, activityName: detail.data.name }) : t("Pages.ActivityView");

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
      {activity.report ? <ReportedProblemSection activity={activity} report={activity.report} /> : null}
      <ActivityHistory activity={activity} />
      {activity.fixedQuestion ? <FixedQuestionSection caseId={activity.id} question={activity.fixedQuestion} /> : null}
      <StatusPath detail={activity} />
      <ExpectedDateAndNotes activity={activity} />
      {activity.actionRequired && (
        <section aria-labelledby="action-required-heading">
          <h2 id="action-required-heading">{t("Activity.ActionRequired")}</h2>
          {activity.actionRequiredMessage && (
            <p lang={activity.writtenIn?.actionRequiredMessage}>{activity.actionRequiredMessage}</p>
          )}
          <AdditionalInformationForm type={activity.activityType} id={activity.id} />
        </section>
      )}
      {activity.additionalInformationReceived && <p role="status">{t("Activity.AdditionalInformationReceived")}</p>}

      {activity.payment ? (
        <PaidFeeReceipt paid={activity.payment} headingId="payment-heading" />
      ) : (
        activity.paymentRequired &&
        activity.paymentAmount !== null && (
          <section aria-labelledby="payment-heading">
            <h2 id="payment-heading">{t("Activity.PaymentRequest")}</h2>
            <p>{t("Activity.PaymentDue", { amount: formatDollars(activity.paymentAmount) })}</p>
            <Link className="button button--primary" to={payNowHref(activity)}>
              {t("Activity.Pay")}
            </Link>
          </section>
        )
      )}

      <ActivityFacts activity={activity} />
      <ActivityDocuments id={activity.id} />

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
