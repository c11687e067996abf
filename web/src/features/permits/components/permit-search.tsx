import { PERMIT_NOT_FOUND, PERMIT_OK, PERMIT_SEARCH_MODES, type PermitSearchMode } from "@contract/permit-constants";
import type { PermitDetail } from "@contract/permits";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { lazyResolver } from "@/components/ui/form/lazy-resolver";
import { TextField } from "@/components/ui/form/text-field";
import { formatCents, formatDate } from "@/utils/format";
import { type PermitCriteria, usePermit, usePermitSearch } from "../api/permits";
import type { PermitForm } from "../permit-search-form";
import "./permits.css";
import { Pager } from "@/components/ui/pager";

/** The form's schema (and zod) load when the visitor first submits or starts on the form. */
const permitResolver = lazyResolver<PermitForm>(async () => {
  const [{ zodResolver }, { ZPermitSearchForm }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("../permit-search-form"),
  ]);
  return zodResolver(ZPermitSearchForm);
});
const preloadSchema = () => void permitResolver.preload().catch(() => undefined);

const FIELD_NAMES = ["streetNumber", "streetName", "year", "number", "parcelNumber", "ownerName"] as const;

function criteriaOf(params: URLSearchParams): PermitCriteria | null {
  const mode = params.get("mode");
  const value = (name: string) => params.get(name) ?? "";
  if (mode === "address" && value("streetName"))
    return { streetName: value("streetName"), streetNumber: value("streetNumber") };
  if (mode === "name" && value("ownerName")) return { ownerName: value("ownerName") };
  if (mode === "parcelNumber" && value("parcelNumber")) return { parcelNumber: value("parcelNumber") };
  return null;
}

function PermitDetailPanel({ year, number }: { year: string; number: string }) {
  const { t } = useTranslation();
  const permit = usePermit({ year, number });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The detail replaces the rows' place in the reading order: move focus to it once it arrives.
  useEffect(() => {
    if (permit.isSuccess) headingRef.current?.focus();
  }, [permit.isSuccess]);
  if (permit.isPending) return <p>{t("Permits.Loading")}</p>;
  if (permit.isError)
    return (
      <p role="alert" className="error-text">
        {t("Permits.SomethingWentWrong")}
      </p>
    );
  const detail: PermitDetail = permit.data;
  if (detail.ErrorCode === PERMIT_NOT_FOUND)
    return (
      <div role="alert" className="permit-alert">
        {t("Permits.NotFound")}
      </div>
    );
  if (detail.ErrorCode !== PERMIT_OK)
    return (
      <div role="alert" className="permit-alert">
        {t("Permits.ErrorCode", { code: detail.ErrorCode })}
      </div>
    );
  const rows: [string, string][] = [
    [t("Permits.Detail.ApplicationStatus"), detail.ApplicationStatus],
    [t("Permits.Detail.ApplicationType"), detail.ApplicationType],
    [t("Permits.Detail.ApplicationDate"), detail.ApplicationDate ? formatDate(detail.ApplicationDate) : ""],
    [t("Permits.Detail.Address"), detail.Address],
    [t("Permits.Detail.Parcel"), detail.Parcel],
    [t("Permits.Detail.Owner"), detail.Owner],
    [t("Permits.Detail.ContractorName"), detail.ContractorName],
    [t("Permits.Detail.EstimatedValue"), formatCents(detail.EstimatedValueCents)],
    [t("Permits.Detail.SquareFootage"), String(detail.SquareFootage)],
    [t("Permits.Detail.ZoneDesc"), detail.ZoneDesc],
    [t("Permits.Detail.TenantName"), detail.TenantName],
    [t("Permits.Detail.TenantNumber"), detail.TenantNumber],
  ];
  return (
    <section className="permit-detail" aria-labelledby="permit-detail-heading">
      <h2 id="permit-detail-heading" ref={headingRef} tabIndex={-1}>
        {t("Permits.DetailHeading", { year, number })}
      </h2>
      <dl className="permit-detail__list">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** /permit-search (spec 3 §2, §5): four modes; rows first, then a permit's detail. */
export function PermitSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const thisYear = String(new Date().getFullYear());
  const modeParam = params.get("mode");
  const mode: PermitSearchMode = (PERMIT_SEARCH_MODES as readonly string[]).includes(modeParam ?? "")
    ? (modeParam as PermitSearchMode)
    : "address";
  const form = useForm<PermitForm>({
    resolver: permitResolver,
    shouldFocusError: false,
    defaultValues: {
      mode,
      streetNumber: params.get("streetNumber") ?? "",
      streetName: params.get("streetName") ?? "",
      year: params.get("year") ?? thisYear,
      number: params.get("number") ?? "",
      parcelNumber: params.get("parcelNumber") ?? "",
      ownerName: params.get("ownerName") ?? "",
    },
  });
  const chosenMode = form.watch("mode");
  const { errors, submitCount } = form.formState;
  const criteria = criteriaOf(params);
  const pageNumber = Math.max(0, Math.floor(Number(params.get("page") ?? 0)) || 0);
  const rows = usePermitSearch(criteria, pageNumber);
  const pageCount = rows.data ? Math.ceil(rows.data.total / rows.data.pageSize) : 0;
  const goToPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 0) nextParams.set("page", String(next));
    else nextParams.delete("page");
    nextParams.delete("year");
    nextParams.delete("number");
    setParams(nextParams);
  };
  const selected =
    params.get("year") && params.get("number")
      ? { year: params.get("year") ?? "", number: params.get("number") ?? "" }
      : null;

  const onSubmit = form.handleSubmit((values) => {
    const next: Record<string, string> = { mode: values.mode };
    if (values.mode === "address")
      Object.assign(next, { streetName: values.streetName.trim(), streetNumber: values.streetNumber.trim() });
    if (values.mode === "name") next.ownerName = values.ownerName.trim();
    if (values.mode === "parcelNumber") next.parcelNumber = values.parcelNumber.trim();
    if (values.mode === "applicationNumber")
      Object.assign(next, { year: values.year.trim(), number: values.number.trim() });
    setParams(next);
  });

  const labels = {
    streetNumber: t("Permits.Fields.StreetNumber"),
    streetName: t("Permits.Fields.StreetName"),
    year: t("Permits.Fields.Year"),
    number: t("Permits.Fields.Number"),
    parcelNumber: t("Permits.Fields.ParcelNumber"),
    ownerName: t("Permits.Fields.OwnerName"),
  };
  const summaryFields = FIELD_NAMES.map((name) => ({ name, id: `permit-${name}`, label: labels[name] }));
  const textField = (name: (typeof FIELD_NAMES)[number], extra: { hint?: string; inputMode?: "numeric" } = {}) => (
    <TextField
      id={`permit-${name}`}
      label={labels[name]}
      error={errors[name]}
      required={name !== "streetNumber"}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <div className="permit-search">
      <FieldErrorSummary errors={errors} fields={summaryFields} submitCount={submitCount} />
      <form
        className="permit-search__form"
        noValidate
        onSubmit={onSubmit}
        onFocusCapture={preloadSchema}
        aria-label={t("Permits.FormLabel")}
      >
        <RadioGroupField
          id="permit-mode"
          legend={t("Permits.SearchBy")}
          options={PERMIT_SEARCH_MODES.map((value) => ({ value, label: t(`Permits.Modes.${value}`) }))}
          registration={form.register("mode")}
        />
        {chosenMode === "address" ? (
          <>
            {textField("streetNumber", { inputMode: "numeric" })}
            {textField("streetName")}
          </>
        ) : null}
        {chosenMode === "applicationNumber" ? (
          <>
            {textField("year", { inputMode: "numeric" })}
            {textField("number")}
          </>
        ) : null}
        {chosenMode === "parcelNumber"
          ? textField("parcelNumber", { hint: t("Permits.Fields.ParcelNumberHint") })
          : null}
        {chosenMode === "name" ? textField("ownerName") : null}
        <div>
          <button type="submit" className="button button--primary">
            {t("Permits.Search")}
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={rows.isFetching}>
        {rows.isError ? (
          <p role="alert" className="error-text">
            {t("Permits.SomethingWentWrong")}
          </p>
        ) : null}
        {rows.isSuccess && rows.data.total === 0 ? <p>{t("Permits.NoResults")}</p> : null}
        {rows.isSuccess && rows.data.capped ? (
          <p className="permit-capped">{t("Permits.Capped", { count: rows.data.total })}</p>
        ) : null}
        {rows.isSuccess && rows.data.rows.length > 0 ? (
          <table className="permit-rows">
            <caption>
              {t("Permits.RowsCaption", { count: rows.data.total })}{" "}
              {pageCount > 1 ? t("Permits.PageOf", { page: pageNumber + 1, pages: pageCount }) : null}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("Permits.Columns.Application")}</th>
                <th scope="col">{t("Permits.Columns.Address")}</th>
                <th scope="col">{t("Permits.Columns.Name")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.rows.map((row) => (
                <tr key={`${row.ApplicationYear}-${row.ApplicationNumber}`}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-pressed={
                        selected?.year === row.ApplicationYear && selected?.number === row.ApplicationNumber
                      }
                      onClick={() => {
                        const next = new URLSearchParams(params);
                        next.set("year", row.ApplicationYear);
                        next.set("number", row.ApplicationNumber);
                        setParams(next);
                      }}
                    >
                      {row.ApplicationYear}-{row.ApplicationNumber}
                    </button>
                  </td>
                  <td>{[row.StreetNumber, row.StreetName, row.StreetSuffix].filter(Boolean).join(" ")}</td>
                  <td>{row.Name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {rows.isSuccess && pageCount > 1 ? (
          <Pager
            className="permit-pages"
            label={t("Permits.PagesLabel")}
            page={pageNumber}
            pages={pageCount}
            onPage={goToPage}
            previousLabel={t("Permits.PreviousPage")}
            nextLabel={t("Permits.NextPage")}
            pageOfText={t("Permits.PageOf", { page: pageNumber + 1, pages: pageCount })}
          />
        ) : null}
      </div>
      {selected ? <PermitDetailPanel year={selected.year} number={selected.number} /> : null}
    </div>
  );
}
