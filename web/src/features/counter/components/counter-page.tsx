import {
  bookableDays,
  COUNTER_HOURS,
  COUNTER_SERVICES,
  type CounterBooking,
  type CounterService,
  type CounterVisit,
  ZCounterBooking,
} from "@contract/counter";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { SelectField } from "@/components/ui/form/select-field";
import { useModals } from "@/components/ui/modals";
import { ApiError } from "@/lib/api-client";
import { formatCalendarDay } from "@/utils/format-instant";
import { getVisitCalendar, useBookCounterVisit, useCounterSlots, useCounterVisits } from "../api/counter";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** "09:30" as the page's language writes a time: "9:30 AM", "9:30 a. m.". */
function useTimeText() {
  const { i18n } = useTranslation();
  return (time: string) =>
    new Intl.DateTimeFormat(i18n.language.startsWith("es") ? "es-US" : "en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    }).format(new Date(`1970-01-01T${time}:00Z`));
}

/** A download of a visit's calendar file (the API needs the sign-in token, so not a plain link). */
function CalendarButton({ visit }: { visit: CounterVisit }) {
  const { t, i18n } = useTranslation();
  const modals = useModals();
  const download = async () => {
    try {
      const url = URL.createObjectURL(await getVisitCalendar(visit.id, i18n.language.startsWith("es") ? "es" : "en"));
      const link = document.createElement("a");
      link.href = url;
      link.download = "city-hall-visit.ics";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      modals.showError();
    }
  };
  return (
    <button type="button" className="button" onClick={download}>
      {t("Counter.AddToCalendar")}
    </button>
  );
}

/** /counter (issue 31): City Hall's counter services and hours, and booking a visit. */
export function CounterPage() {
  const { t } = useTranslation();
  const timeText = useTimeText();
  const modals = useModals();
  const visits = useCounterVisits();
  const book = useBookCounterVisit();
  const [booked, setBooked] = useState<CounterVisit | null>(null);
  const days = useMemo(() => bookableDays(new Date()), []);
  const form = useForm<CounterBooking>({
    resolver: zodResolver(ZCounterBooking),
    shouldFocusError: false,
    defaultValues: { service: "" as CounterService, day: "", time: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const service = form.watch("service");
  const day = form.watch("day");
  const slots = useCounterSlots(service, day);
  const openTimes = slots.data?.slots.filter((slot) => slot.open).map((slot) => slot.time) ?? [];
  const fields = [
    { name: "service", id: "counter-service", label: t("Counter.Service") },
    { name: "day", id: "counter-day", label: t("Counter.Day") },
    { name: "time", id: "counter-time", label: t("Counter.Time") },
  ];

  const onSubmit = form.handleSubmit(async (booking) => {
    try {
      setBooked(await book.mutateAsync(booking));
      form.reset({ service: "" as CounterService, day: "", time: "" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setError("time", { message: "Counter.Taken" });
        void slots.refetch();
      } else if (!applyApiFieldErrors(error, form.setError, { only: ["service", "day", "time"] })) {
        modals.showError();
      }
    }
  });

  const describe = (visit: CounterVisit) =>
    t("Counter.VisitLine", {
      service: t(`Counter.Services.${visit.service}`),
      day: formatCalendarDay(visit.day),
      time: timeText(visit.time),
    });

  return (
    <>
      <section aria-labelledby="counter-hours" className="counter-section">
        <h2 id="counter-hours">{t("Counter.HoursTitle")}</h2>
        <p>{t("Counter.Address")}</p>
        <table className="counter-hours">
          <caption className="visually-hidden">{t("Counter.HoursTitle")}</caption>
          <tbody>
            {WEEKDAYS.map((weekday) => {
              const hours = COUNTER_HOURS[weekday];
              return (
                <tr key={weekday}>
                  <th scope="row">{t(`Counter.Weekday.${weekday}`)}</th>
                  <td>
                    {hours
                      ? t("Counter.Open", { opens: timeText(hours.opens), closes: timeText(hours.closes) })
                      : t("Counter.Closed")}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <h3>{t("Counter.ServicesTitle")}</h3>
        <ul>
          {COUNTER_SERVICES.map((name) => (
            <li key={name}>{t(`Counter.Services.${name}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="counter-book" className="counter-section">
        <h2 id="counter-book">{t("Counter.BookTitle")}</h2>
        <p>{t("Counter.BookIntro")}</p>
        {booked ? (
          <div role="status" className="counter-booked">
            <p>{t("Counter.Booked", { visit: describe(booked) })}</p>
            <CalendarButton visit={booked} />
          </div>
        ) : null}
        <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <SelectField
            id="counter-service"
            label={t("Counter.Service")}
            required
            placeholder={t("Counter.Choose")}
            options={COUNTER_SERVICES.map((name) => ({ value: name, label: t(`Counter.Services.${name}`) }))}
            error={errors.service}
            {...form.register("service", { onChange: () => form.setValue("time", "") })}
          />
          <SelectField
            id="counter-day"
            label={t("Counter.Day")}
            required
            placeholder={t("Counter.Choose")}
            options={days.map((value) => ({ value, label: formatCalendarDay(value) }))}
            error={errors.day}
            {...form.register("day", { onChange: () => form.setValue("time", "") })}
          />
          <SelectField
            id="counter-time"
            label={t("Counter.Time")}
            hint={service && day && slots.data && openTimes.length === 0 ? t("Counter.NoTimes") : t("Counter.TimeHint")}
            required
            placeholder={t("Counter.Choose")}
            options={openTimes.map((value) => ({ value, label: timeText(value) }))}
            error={errors.time}
            {...form.register("time")}
          />
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t("Counter.Book")}
          </button>
        </form>
      </section>

      <section aria-labelledby="counter-visits" className="counter-section">
        <h2 id="counter-visits">{t("Counter.YourVisits")}</h2>
        {visits.isPending ? <p>{t("App.Loading")}</p> : null}
        {visits.isError ? <p role="alert">{t("Util.ErrorTryAgainLater")}</p> : null}
        {visits.data?.length === 0 ? <p>{t("Counter.NoVisits")}</p> : null}
        <ul className="counter-visits">
          {visits.data?.map((visit) => (
            <li key={visit.id}>
              <p>
                {describe(visit)}
                {visit.checkedInAt ? ` (${t("Counter.CheckedIn")})` : ""}
              </p>
              <CalendarButton visit={visit} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default CounterPage;
