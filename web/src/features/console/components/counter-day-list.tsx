import { cityToday } from "@contract/city-time";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { formatActivityTime } from "@/utils/format";
import { useCheckInVisit, useCounterDay } from "../api/counter-day";

/** The console's counter day list (issue 31): the day's booked visits; staff check people in. */
export function CounterDayList() {
  const { t } = useTranslation();
  const modals = useModals();
  const [day, setDay] = useState(() => cityToday());
  const visits = useCounterDay(day);
  const checkIn = useCheckInVisit(day);
  const onCheckIn = async (id: string) => {
    try {
      await checkIn.mutateAsync(id);
    } catch {
      modals.showError();
    }
  };
  return (
    <section aria-labelledby="console-counter" className="console-section">
      <h2 id="console-counter">{t("Console.CounterDay")}</h2>
      <TextField
        id="console-counter-day"
        type="date"
        label={t("Console.CounterDayPick")}
        value={day}
        onChange={(event) => {
          if (event.target.value) setDay(event.target.value);
        }}
      />
      {visits.isPending ? <p>{t("App.Loading")}</p> : null}
      {visits.isError ? <AdminLoadError error={visits.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {visits.data?.length === 0 ? <p>{t("Console.NoVisits")}</p> : null}
      <ul className="console-list">
        {visits.data?.map((visit) => (
          <li key={visit.id}>
            <strong>{visit.time}</strong> {t(`Counter.Services.${visit.service}`)}:{" "}
            <Link to={paths.consolePerson.href(visit.uid)}>{visit.name ?? visit.email ?? visit.uid}</Link>
            <br />
            {visit.checkedInAt ? (
              <span>{t("Console.CheckedInAt", { time: formatActivityTime(visit.checkedInAt) })}</span>
            ) : (
              <button type="button" className="button" onClick={() => onCheckIn(visit.id)} disabled={checkIn.isPending}>
                {t("Console.CheckIn", { name: visit.name ?? visit.email ?? "" })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default CounterDayList;
