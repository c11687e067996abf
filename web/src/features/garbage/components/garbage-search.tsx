import { cityToday } from "@contract/city-time";
import type { GarbageRecord } from "@contract/garbage-pickup";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { TextField } from "@/components/ui/form/text-field";
import { signInStage, useAuth } from "@/lib/auth/auth-state";
import { garbageCalendarUrl, useGarbagePickup } from "../api/get-garbage-pickup";
import { GarbageReminderToggle } from "./garbage-reminder";
import "./garbage.css";

interface GarbageForm {
  streetNumber: string;
  street: string;
}

/** A calendar day's weekday and date in the visitor's language ("Friday, November 27"). */
function useDayFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === "es" ? "es-US" : "en-US";
  // Made once per language, not per call: results render both for each address.
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    const date = new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
    return {
      weekday: (day: string) => weekday.format(new Date(`${day}T00:00:00Z`)),
      date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
    };
  }, [locale]);
}

function PickupResult({ record, today, canRemind }: { record: GarbageRecord; today: string; canRemind: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useDayFormat();
  const { pickup } = record;
  const when = pickup.week === "this" ? "ThisWeek" : "NextWeek";
  return (
    <li className="garbage-result">
      <h2 className="garbage-result__address">{record.Parcel_Address__c}</h2>
      <p>
        {pickup.holiday
          ? t(`Garbage.Moved${when}`, {
              day: format.weekday(pickup.day),
              usualDay: format.weekday(pickup.usualDay),
              holiday: t(`Garbage.Holidays.${pickup.holiday}`),
            })
          : t(`Garbage.Usual${when}`, { day: format.weekday(pickup.day) })}
      </p>
      <p>{t("Garbage.NextPickup", { date: format.date(pickup.day) })}</p>
      {record.leafBagSeason ? <p>{t("Garbage.LeafBagSeason")}</p> : null}
      <p>
        <a href={garbageCalendarUrl(record.Id, today, i18n.language)} download="garbage-pickup.ics">
          {t("Garbage.Subscribe")}
          <span className="visually-hidden"> {record.Parcel_Address__c}</span>
        </a>
      </p>
      {canRemind ? <GarbageReminderToggle record={record} /> : null}
    </li>
  );
}

/** /garbage-search (spec 3 §2, §4, §5): the pickup day of an address with this week's holiday shift. */
export function GarbageSearch() {
  const { t } = useTranslation();
  // The evening-before reminder is for signed-in residents (issue 16).
  const canRemind = signInStage(useAuth()) === "onboarded";
  const [searchParams, setSearchParams] = useSearchParams();
  const streetNumber = searchParams.get("streetNumber") ?? "";
  const street = searchParams.get("street") ?? "";
  const searched = searchParams.has("streetNumber") || searchParams.has("street");
  // Only a search needs today's date: the empty form paints without any date formatting (issue 12).
  const today = searched ? cityToday() : "";
  const results = useGarbagePickup(searched ? { streetNumber, street, date: today } : null);
  const form = useForm<GarbageForm>({ defaultValues: { streetNumber, street } });

  const onSubmit = form.handleSubmit((values) => {
    setSearchParams({ streetNumber: values.streetNumber.trim(), street: values.street.trim() });
  });

  return (
    <div className="garbage-search">
      <p>{t("Garbage.Intro")}</p>
      <form className="garbage-search__form" noValidate onSubmit={onSubmit} aria-label={t("Garbage.FormLabel")}>
        <TextField
          label={t("Garbage.StreetNumber")}
          id="garbage-street-number"
          inputMode="numeric"
          autoComplete="address-line1"
          {...form.register("streetNumber")}
        />
        <TextField
          label={t("Garbage.Street")}
          id="garbage-street"
          hint={t("Garbage.StreetHint")}
          {...form.register("street")}
        />
        <div>
          <button type="submit" className="button button--primary">
            {t("Garbage.Search")}
          </button>
        </div>
      </form>
      <section aria-live="polite" aria-busy={results.isFetching} className="garbage-search__results">
        {results.isError ? (
          <p role="alert" className="error-text">
            {t("Util.ErrorTryAgainLater")}
          </p>
        ) : null}
        {results.isSuccess && results.data.length === 0 ? <p>{t("Garbage.NoResults")}</p> : null}
        {results.isSuccess && results.data.length > 0 ? (
          <ul className="garbage-search__list">
            {results.data.map((record) => (
              <PickupResult key={record.Id} record={record} today={today} canRemind={canRemind} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
