import { type ModeratedReport, type ModerationSearch, ZModerationSearchForm } from "@contract/report-moderation";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextField } from "@/components/ui/form/text-field";
import { ApiError } from "@/lib/api-client";
import { formatActivityTime } from "@/utils/format";
import { useModeratedReport, useModerateReport, useOriginalPhoto, useRedactPhoto } from "../api/report-moderation";

/** The original of a report photo, fetched with the staff member's token (an <img> could not send it). */
function OriginalPhoto({ caseNumber, index, count }: { caseNumber: string; index: number; count: number }) {
  const { t } = useTranslation();
  const photo = useOriginalPhoto(caseNumber, index);
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (photo.isError) return <p className="error-text">{t("Moderation.PhotoFailed", { number: index + 1 })}</p>;
  if (!url) return <p>{t("Moderation.PhotoLoading", { number: index + 1 })}</p>;
  return (
    <img
      className="moderation-photo"
      src={url}
      alt={t("Moderation.OriginalAlt", { number: index + 1, count })}
      data-testid={`original-photo-${index}`}
    />
  );
}

/** What a failed moderation action tells staff. */
function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError && error.status === 404 ? t("Moderation.Gone") : t("Moderation.Failed");
}

/** One report as staff moderate it: the facts, who reported it, the three actions and the photos. */
function ModerationView({ report }: { report: ModeratedReport }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const moderate = useModerateReport(report.caseNumber);
  const redact = useRedactPhoto(report.caseNumber);
  const { moderation } = report;
  const busy = moderate.isPending || redact.isPending;
  const done = moderate.isSuccess || redact.isSuccess;
  return (
    <section aria-labelledby="moderation-report" className="console-section">
      <h2 id="moderation-report">{t("Moderation.CaseTitle", { caseNumber: report.caseNumber })}</h2>
      <dl className="console-facts">
        <dt>{t("Moderation.Type")}</dt>
        <dd>{report.serviceRequestType ?? "—"}</dd>
        <dt>{t("Moderation.Status")}</dt>
        <dd>{report.status ?? "—"}</dd>
        <dt>{t("Moderation.Address")}</dt>
        <dd>{report.address ?? "—"}</dd>
        <dt>{t("Moderation.Filed")}</dt>
        <dd>{report.filedAt ? formatActivityTime(report.filedAt) : "—"}</dd>
        <dt>{t("Moderation.Reporter")}</dt>
        <dd>
          {[report.reporter.name, report.reporter.email].filter(Boolean).join(", ") || t("Moderation.NoReporter")}
        </dd>
        <dt>{t("Moderation.Description")}</dt>
        <dd className="moderation-description">{report.description || "—"}</dd>
        <dt>{t("Moderation.PublicView")}</dt>
        <dd>
          <ul className="moderation-state">
            <li>{moderation.private ? t("Moderation.IsPrivate") : t("Moderation.IsPublic")}</li>
            <li>{moderation.nameHidden ? t("Moderation.NameIsHidden") : t("Moderation.NameIsShown")}</li>
            <li>{t("Moderation.RedactedCount", { count: moderation.redactedPhotos.length })}</li>
          </ul>
        </dd>
      </dl>
      {moderation.updatedBy && moderation.updatedAt ? (
        <p>
          {t("Moderation.LastChange", { who: moderation.updatedBy, when: formatActivityTime(moderation.updatedAt) })}
        </p>
      ) : null}

      <h3>{t("Moderation.Actions")}</h3>
      <p>{t("Moderation.ActionsIntro")}</p>
      <div className="moderation-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => moderate.mutate({ nameHidden: !moderation.nameHidden })}
        >
          {moderation.nameHidden ? t("Moderation.ShowName") : t("Moderation.HideName")}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => moderate.mutate({ private: !moderation.private })}
        >
          {moderation.private ? t("Moderation.MakePublic") : t("Moderation.MakePrivate")}
        </button>
      </div>
      <p role="status">{done && !busy ? t("Moderation.Saved") : ""}</p>
      {moderate.isError ? <p role="alert">{failure(moderate.error)}</p> : null}
      {redact.isError ? <p role="alert">{failure(redact.error)}</p> : null}

      <h3>{t("Moderation.Photos")}</h3>
      {report.photos.length === 0 ? <p>{t("Moderation.NoPhotos")}</p> : null}
      <ul className="console-list">
        {report.photos.map((photo) => (
          <li key={photo.index}>
            <OriginalPhoto caseNumber={report.caseNumber} index={photo.index} count={report.photos.length} />
            {photo.redacted ? (
              <p>{t("Moderation.PhotoRedacted", { number: photo.index + 1 })}</p>
            ) : (
              <button
                type="button"
                className="button button--secondary console-inline-button"
                disabled={busy}
                onClick={() => redact.mutate(photo.index)}
              >
                {t("Moderation.Redact", { number: photo.index + 1 })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The console's moderation of reports (issue 31): find a report by its case number, then moderate it. */
export function ReportModeration() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = ZModerationSearchForm.safeParse({ caseNumber: params.get("case") ?? "" });
  const caseNumber = chosen.success ? chosen.data.caseNumber : null;
  const report = useModeratedReport(caseNumber);
  const form = useForm<ModerationSearch>({
    resolver: zodResolver(ZModerationSearchForm),
    shouldFocusError: false,
    defaultValues: { caseNumber: caseNumber ?? "" },
  });
  const { errors, submitCount } = form.formState;
  const fields = formFields(form, {
    caseNumber: { id: "moderation-case", label: t("Moderation.CaseNumber"), hint: t("Moderation.CaseNumberHint") },
  });
  const onSubmit = form.handleSubmit((values) => setParams(new URLSearchParams({ case: values.caseNumber })));
  const notFound = report.error instanceof ApiError && report.error.status === 404;
  return (
    <>
      <section aria-labelledby="moderation-find" className="console-section">
        <h2 id="moderation-find">{t("Moderation.Find")}</h2>
        <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
        <form noValidate onSubmit={onSubmit}>
          <TextField {...fields.input("caseNumber")} required inputMode="numeric" autoComplete="off" />
          <button type="submit" className="button button--primary">
            {t("Moderation.Open")}
          </button>
        </form>
      </section>
      {caseNumber && report.isPending ? <p>{t("App.Loading")}</p> : null}
      {notFound ? <p role="alert">{t("Moderation.NotFound", { caseNumber })}</p> : null}
      {report.isError && !notFound ? (
        <AdminLoadError error={report.error} message={t("Util.ErrorTryAgainLater")} />
      ) : null}
      {report.data ? <ModerationView report={report.data} /> : null}
    </>
  );
}

export default ReportModeration;
