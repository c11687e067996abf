import { translationId, ZTranslationSave } from "@contract/catalogue-admin";
import { type Translation, translationKey } from "@contract/languages";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable } from "@/components/ui/admin-table";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { TextField } from "@/components/ui/form/text-field";
import { type FormErrorLink, FormErrorSummary } from "@/components/ui/form-error-summary";
import { Pager } from "@/components/ui/pager";
import { useToasts } from "@/components/ui/toasts";
import { useSaveTranslations } from "../api/save-translations";

export const PAGE_SIZE = 50;

/**
 * A row of the editor. `missing`: a text the English list has and this language does not yet (issue 28:
 * the admin screens show what lacks a translation), shown with its English; saved only once filled in.
 */
type Row = Translation & { isNew: boolean; missing?: boolean; english?: string };
type Edit = { SingularForm: string; PluralForm: string };
type RowErrors = Record<string, { SingularForm?: string; LanguageKey?: string }>;

const domId = (id: string) => `tr-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function matches(row: Row, edit: Edit | undefined, needle: string): boolean {
  if (!needle) return true;
  const haystack = [
    row.Group,
    row.LanguageKey,
    edit?.SingularForm ?? row.SingularForm,
    edit?.PluralForm ?? row.PluralForm ?? "",
  ]
    .join("\u0000")
    .toLowerCase();
  return haystack.includes(needle);
}

/**
 * The translation editor of one language (spec 1 §2.11): Group, LanguageKey, SingularForm and
 * PluralForm, filtered and paged so hundreds of rows stay fast; Save sends every edited record.
 */
export function TranslationEditor({
  language,
  records,
  english,
}: {
  language: string;
  records: Translation[];
  /** The English records, for a language other than English: what this one lacks is listed too. */
  english?: Translation[];
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const ids = useId();
  const save = useSaveTranslations();
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [added, setAdded] = useState<Row[]>([]);
  const [filter, setFilter] = useState("");
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [page, setPage] = useState(0);
  const [errors, setErrors] = useState<RowErrors>({});
  const [submitCount, setSubmitCount] = useState(0);
  const [saveFailed, setSaveFailed] = useState(false);

  const missing = useMemo<Row[]>(() => {
    const present = new Set([...added, ...records].map((record) => translationKey(record)));
    return (english ?? [])
      .filter((record) => !present.has(translationKey(record)))
      .map((record) => {
        const key = {
          Language: language as Translation["Language"],
          Group: record.Group,
          LanguageKey: record.LanguageKey,
        };
        return {
          ...key,
          Id: translationId(key),
          SingularForm: "",
          PluralForm: null,
          isNew: true,
          missing: true,
          english: record.SingularForm,
        };
      });
  }, [english, added, records, language]);
  const rows = useMemo<Row[]>(
    () => [...added, ...missing, ...records.map((record) => ({ ...record, isNew: false }))],
    [added, missing, records],
  );
  const needle = filter.trim().toLowerCase();
  const visible = useMemo(
    () => rows.filter((row) => (!onlyMissing || row.missing) && matches(row, edits[row.Id], needle)),
    [rows, edits, needle, onlyMissing],
  );
  const pageCount = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const shown = visible.slice(currentPage * PAGE_SIZE, (currentPage + 1) * PAGE_SIZE);

  const currentText = (row: Row): Edit =>
    edits[row.Id] ?? { SingularForm: row.SingularForm, PluralForm: row.PluralForm ?? "" };
  const edit = (row: Row, field: keyof Edit, value: string) =>
    setEdits((current) => ({ ...current, [row.Id]: { ...currentText(row), [field]: value } }));

  /** Records whose texts differ from what was loaded, plus every added one. */
  const changed = (): Translation[] =>
    rows.flatMap((row) => {
      const value = edits[row.Id];
      const record = { ...row, ...(value ?? {}), PluralForm: (value?.PluralForm ?? row.PluralForm) || null };
      const differs = value && (value.SingularForm !== row.SingularForm || value.PluralForm !== (row.PluralForm ?? ""));
      // A missing text is saved once it is written; left empty it stays missing.
      if (row.missing && !value?.SingularForm.trim()) return [];
      if (!row.isNew && !differs) return [];
      const { isNew: _isNew, missing: _missing, english: _english, ...plain } = record;
      return [plain];
    });

  const onSave = async () => {
    setSaveFailed(false);
    const pending = changed();
    if (pending.length === 0) {
      toasts.show("success", t("LanguagesAdmin.NothingToSave"));
      return;
    }
    const parsed = ZTranslationSave.safeParse(pending);
    if (!parsed.success) {
      const found: RowErrors = {};
      for (const issue of parsed.error.issues) {
        const [index, field] = issue.path;
        const record = pending[Number(index)];
        if (!record) continue;
        const key = field === "LanguageKey" || field === "Id" ? "LanguageKey" : "SingularForm";
        found[record.Id] = { ...found[record.Id], [key]: issue.message };
      }
      setErrors(found);
      setSubmitCount((count) => count + 1);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setEdits({});
      setAdded([]);
      toasts.show("success");
    } catch {
      setSaveFailed(true);
      toasts.show("error", t("LanguagesAdmin.SaveError"));
    }
  };

  const summary: FormErrorLink[] = Object.entries(errors).flatMap(([id, rowErrors]) => {
    const row = rows.find((candidate) => candidate.Id === id);
    const name = row ? translationKey(row) : id;
    return [
      ...(rowErrors.SingularForm
        ? [
            {
              fieldId: `${domId(id)}-singular`,
              label: t("LanguagesAdmin.SingularOf", { key: name }),
              message: t(`ErrorValidation.${rowErrors.SingularForm}`, { defaultValue: rowErrors.SingularForm }),
            },
          ]
        : []),
    ];
  });

  const reveal = (fieldId: string) => {
    const index = rows.findIndex((row) => fieldId.startsWith(`${domId(row.Id)}-`));
    if (index < 0) return;
    setFilter("");
    setOnlyMissing(false);
    setPage(Math.floor(index / PAGE_SIZE));
  };

  /** One editable form of a row (singular or plural), labelled for screen readers only. */
  const formField = (row: Row, form: keyof Edit) => {
    const key = translationKey(row);
    const singularError = errors[row.Id]?.SingularForm;
    const error =
      form === "SingularForm" && singularError
        ? t(`ErrorValidation.${singularError}`, { defaultValue: singularError })
        : null;
    return (
      <TextField
        id={`${domId(row.Id)}-${form === "SingularForm" ? "singular" : "plural"}`}
        label={t(form === "SingularForm" ? "LanguagesAdmin.SingularOf" : "LanguagesAdmin.PluralOf", { key })}
        hideLabel
        lang={language}
        value={currentText(row)[form]}
        error={error}
        onChange={(event) => edit(row, form, event.target.value)}
      />
    );
  };

  return (
    <div>
      <FormErrorSummary errors={summary} submitCount={submitCount} onReveal={reveal} />
      {saveFailed ? (
        <p role="alert" className="admin-error">
          {t("LanguagesAdmin.SaveError")}
        </p>
      ) : null}
      <NewTranslationForm
        language={language}
        exists={(id) => rows.some((row) => row.Id === id)}
        onAdd={(row) => {
          setAdded((current) => [row, ...current]);
          setFilter("");
          setPage(0);
        }}
      />
      <div className="admin-toolbar">
        <TextField
          id={`${ids}-filter`}
          type="search"
          label={t("LanguagesAdmin.Filter")}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
        />
        {english ? (
          <CheckboxField
            id={`${ids}-only-missing`}
            label={t("LanguagesAdmin.OnlyMissing", { count: missing.length })}
            checked={onlyMissing}
            onChange={(event) => {
              setOnlyMissing(event.target.checked);
              setPage(0);
            }}
          />
        ) : null}
        <button
          type="button"
          className="button button--primary"
          disabled={save.isPending}
          onClick={() => void onSave()}
        >
          {t("LanguagesAdmin.SaveAll")}
        </button>
      </div>
      <p aria-live="polite">{t("LanguagesAdmin.Showing", { count: visible.length, total: rows.length })}</p>
      <AdminTable
        label={t("LanguagesAdmin.TableCaption", { language })}
        caption
        rows={shown}
        rowKey={(row) => row.Id}
        columns={[
          { header: t("LanguagesAdmin.Column.Group"), cell: (row) => row.Group },
          {
            header: t("LanguagesAdmin.Column.LanguageKey"),
            rowHeader: true,
            cell: (row) => (
              <>
                {row.LanguageKey}
                {row.isNew && !row.missing ? <span className="field__hint"> ({t("LanguagesAdmin.New")})</span> : null}
                {row.missing ? (
                  <>
                    {" "}
                    <span className="status-badge status-badge--gray">{t("LanguagesAdmin.Missing")}</span>
                    <span className="field__hint">
                      {" "}
                      {t("LanguagesAdmin.EnglishText")} <span lang="en">{row.english}</span>
                    </span>
                  </>
                ) : null}
              </>
            ),
          },
          { header: t("LanguagesAdmin.Column.SingularForm"), cell: (row) => formField(row, "SingularForm") },
          { header: t("LanguagesAdmin.Column.PluralForm"), cell: (row) => formField(row, "PluralForm") },
        ]}
      />
      <Pager
        className="admin-pager"
        label={t("LanguagesAdmin.Pages")}
        page={currentPage}
        pages={pageCount}
        onPage={setPage}
        previousLabel={t("LanguagesAdmin.Previous")}
        nextLabel={t("LanguagesAdmin.Next")}
        pageOfText={t("LanguagesAdmin.PageOf", { page: currentPage + 1, pages: pageCount })}
      />
    </div>
  );
}

/** Adds a key that is not in the list yet (it is saved with the others). */
function NewTranslationForm({
  language,
  exists,
  onAdd,
}: {
  language: string;
  exists: (id: string) => boolean;
  onAdd: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [group, setGroup] = useState("");
  const [key, setKey] = useState("");
  const [singular, setSingular] = useState("");
  const [plural, setPlural] = useState("");
  const [errors, setErrors] = useState<{ key?: string; singular?: string }>({});
  const [submitCount, setSubmitCount] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const record = {
      Language: language as Translation["Language"],
      Group: group.trim(),
      LanguageKey: key.trim(),
      SingularForm: singular,
      PluralForm: plural.trim() ? plural : null,
    };
    const candidate = { ...record, Id: translationId(record) };
    const parsed = ZTranslationSave.safeParse([candidate]);
    const found: { key?: string; singular?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[1];
        if (field === "SingularForm") found.singular = issue.message;
        else found.key = issue.message === "Required" ? "Required" : "Invalid";
      }
    } else if (exists(candidate.Id)) found.key = "AlreadyExists";
    setErrors(found);
    if (found.key || found.singular) {
      setSubmitCount((count) => count + 1);
      return;
    }
    onAdd({ ...candidate, isNew: true });
    setGroup("");
    setKey("");
    setSingular("");
    setPlural("");
  };

  const message = (code?: string) =>
    code ? (code === "AlreadyExists" ? t("LanguagesAdmin.AlreadyExists") : t(`ErrorValidation.${code}`)) : undefined;
  const summary: FormErrorLink[] = [
    ...(errors.key
      ? [{ fieldId: `${ids}-key`, label: t("LanguagesAdmin.Column.LanguageKey"), message: message(errors.key) ?? "" }]
      : []),
    ...(errors.singular
      ? [
          {
            fieldId: `${ids}-singular`,
            label: t("LanguagesAdmin.Column.SingularForm"),
            message: message(errors.singular) ?? "",
          },
        ]
      : []),
  ];

  return (
    <form className="admin-form__group" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t("LanguagesAdmin.AddKey")}</h2>
      <FormErrorSummary errors={summary} submitCount={submitCount} />
      <TextField
        id={`${ids}-group`}
        label={t("LanguagesAdmin.Column.Group")}
        hint={t("LanguagesAdmin.GroupHint")}
        value={group}
        onChange={(e) => setGroup(e.target.value)}
      />
      <TextField
        id={`${ids}-key`}
        label={t("LanguagesAdmin.Column.LanguageKey")}
        error={message(errors.key)}
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      <TextField
        id={`${ids}-singular`}
        label={t("LanguagesAdmin.Column.SingularForm")}
        lang={language}
        error={message(errors.singular)}
        value={singular}
        onChange={(e) => setSingular(e.target.value)}
      />
      <TextField
        id={`${ids}-plural`}
        label={t("LanguagesAdmin.Column.PluralForm")}
        lang={language}
        value={plural}
        onChange={(e) => setPlural(e.target.value)}
      />
      <div>
        <button type="submit" className="button button--secondary">
          {t("LanguagesAdmin.AddToList")}
        </button>
      </div>
    </form>
  );
}
