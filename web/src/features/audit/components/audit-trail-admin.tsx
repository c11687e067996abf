import {
  type AuditFilterForm,
  type AuditQuery,
  type AuditRecordRow,
  ZAuditFilterForm,
  ZAuditQuery,
} from "@contract/audit";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { type AdminColumn, AdminTable } from "@/components/ui/admin-table";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import "@/components/ui/admin.css";
import { formatActivityTime } from "@/utils/format";
import { getAuditCsv, useAudit } from "../api/get-audit";

const FILTERS = ["personUid", "actorUid", "action", "from", "to"] as const;

/** The filters in the page's address (`?personUid=…`), so the console's person view can link here. */
function filtersOf(params: URLSearchParams): AuditQuery {
  const raw = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])));
  const parsed = ZAuditQuery.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/**
 * An id, an email or a record's key=value subject: data, not prose, so not for translation (a
 * random document id whose letters read "tO" failed the English-on-a-Spanish-page check in the
 * fresh CI of 7e6f16d: every-page, admin, es, /audit-trail, "id=L5bpc1M7tEK2p9u8x4tO").
 */
function Identifier({ text }: { text: string | null }) {
  return text ? <span translate="no">{text}</span> : <span>—</span>;
}

/** A before or after state, readable: JSON indented, or a dash for nothing. */
function State({ json }: { json: string | null }) {
  if (!json) return <span>—</span>;
  let text = json;
  try {
    text = JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    // shown as stored
  }
  // The record as stored (its field values in whatever language they were written): data, not prose.
  return (
    <pre className="audit-state" translate="no">
      <code>{text}</code>
    </pre>
  );
}

/**
 * /audit-trail (issue 31): every staff and admin action that read a person's data or changed
 * something, newest first; filtered by person, who acted, action and days; exported as CSV.
 */
export function AuditTrailAdmin() {
  const { t } = useTranslation();
  const modals = useModals();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = useAudit(filters);
  const [exporting, setExporting] = useState(false);
  const form = useForm<AuditFilterForm>({
    resolver: zodResolver(ZAuditFilterForm),
    shouldFocusError: false,
    defaultValues: Object.fromEntries(FILTERS.map((name) => [name, filters[name] ?? ""])) as AuditFilterForm,
  });
  const { errors, submitCount } = form.formState;
  const labels: Record<(typeof FILTERS)[number], string> = {
    personUid: t("AuditAdmin.Person"),
    actorUid: t("AuditAdmin.Actor"),
    action: t("AuditAdmin.Action"),
    from: t("AuditAdmin.From"),
    to: t("AuditAdmin.To"),
  };
  const summary = FILTERS.map((name) => ({ name, id: `audit-${name}`, label: labels[name] }));

  const onSubmit = form.handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) if (values[name]) next.set(name, values[name]);
    setParams(next);
  });

  const onExport = async () => {
    setExporting(true);
    try {
      const url = URL.createObjectURL(await getAuditCsv(filters));
      const link = document.createElement("a");
      link.href = url;
      link.download = "audit-trail.csv";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      modals.showError();
    } finally {
      setExporting(false);
    }
  };

  const columns: AdminColumn<AuditRecordRow>[] = [
    { header: t("AuditAdmin.When"), cell: (row) => formatActivityTime(row.at), rowHeader: true },
    {
      header: t("AuditAdmin.Who"),
      cell: (row) => (
        <>
          <Identifier text={row.actorEmail ?? row.actorUid} /> ({t(`AuditAdmin.Role.${row.actorRole}`)})
        </>
      ),
    },
    { header: t("AuditAdmin.Action"), cell: (row) => <code>{row.action}</code> },
    { header: t("AuditAdmin.Person"), cell: (row) => <Identifier text={row.personUid} /> },
    { header: t("AuditAdmin.Subject"), cell: (row) => <Identifier text={row.subject} /> },
    { header: t("AuditAdmin.Before"), cell: (row) => <State json={row.before} /> },
    { header: t("AuditAdmin.After"), cell: (row) => <State json={row.after} /> },
  ];

  return (
    <>
      <section className="admin-section" aria-labelledby="audit-filters">
        <h2 id="audit-filters">{t("AuditAdmin.Filters")}</h2>
        <FieldErrorSummary errors={errors} submitCount={submitCount} fields={summary} />
        <form noValidate onSubmit={onSubmit}>
          <TextField
            id="audit-personUid"
            label={labels.personUid}
            hint={t("AuditAdmin.UidHint")}
            autoComplete="off"
            error={errors.personUid}
            {...form.register("personUid")}
          />
          <TextField
            id="audit-actorUid"
            label={labels.actorUid}
            hint={t("AuditAdmin.UidHint")}
            autoComplete="off"
            error={errors.actorUid}
            {...form.register("actorUid")}
          />
          <TextField
            id="audit-action"
            label={labels.action}
            hint={t("AuditAdmin.ActionHint")}
            autoComplete="off"
            error={errors.action}
            {...form.register("action")}
          />
          <div className="form-row">
            <TextField id="audit-from" type="date" label={labels.from} error={errors.from} {...form.register("from")} />
            <TextField id="audit-to" type="date" label={labels.to} error={errors.to} {...form.register("to")} />
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="button button--primary">
              {t("AuditAdmin.Apply")}
            </button>
            <button type="button" className="button" onClick={onExport} disabled={exporting}>
              {t("AuditAdmin.Export")}
            </button>
          </div>
        </form>
      </section>
      <section className="admin-section" aria-labelledby="audit-records">
        <h2 id="audit-records">{t("AuditAdmin.Records")}</h2>
        {audit.isPending ? <p>{t("App.Loading")}</p> : null}
        {audit.isError ? <AdminLoadError error={audit.error} message={t("Util.ErrorTryAgainLater")} /> : null}
        {audit.data ? (
          <>
            <p role="status">{t("AuditAdmin.Count", { count: audit.data.records.length })}</p>
            {audit.data.truncated ? <p>{t("AuditAdmin.Truncated")}</p> : null}
            <AdminTable
              label={t("AuditAdmin.Records")}
              caption
              columns={columns}
              rows={audit.data.records}
              rowKey={(row) => row.id}
              empty={t("AuditAdmin.None")}
            />
          </>
        ) : null}
      </section>
    </>
  );
}

export default AuditTrailAdmin;
