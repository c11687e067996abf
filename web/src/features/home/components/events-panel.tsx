import { EVENTS_SHOWN } from "@contract/feeds";
import { useTranslation } from "react-i18next";
import { NewTabLink } from "@/components/ui/new-tab-link";
import { formatInstantDate } from "@/utils/format-instant";
import { useEvents } from "../api/get-feeds";
import { useFeedErrorToast } from "./use-feed-error-toast";

/** Upcoming city events: six, in a grid of 1, 2 or 3 columns (CSS at 900 and 1400 px). */
export function EventsPanel() {
  const { t, i18n } = useTranslation();
  const feedLang = i18n.language === "en" ? undefined : "en";
  const spanish = i18n.language === "es";
  const events = useEvents();
  useFeedErrorToast(events.isError);
  const shown = (events.data ?? []).slice(0, EVENTS_SHOWN);
  return (
    <section className="events" aria-labelledby="events-heading">
      <h2 id="events-heading">{t("Events.Heading")}</h2>
      {/* Holds the grid's usual height from the first paint, so the events arriving move nothing (CLS). */}
      <div className="events__body">
        {events.isError && (
          <p role="alert" className="error-text">
            {t("Events.LoadError")}
          </p>
        )}
        {events.isPending && <p>{t("Events.Loading")}</p>}
        {events.isSuccess && shown.length === 0 && <p>{t("Events.None")}</p>}
        <ul className="events__grid">
          {shown.map((event) => (
            <li key={`${event.link}-${event.title}`} className="events__item">
              {/* The city's calendar feed is in English only: marked so, for screen readers (WCAG 3.1.2). */}
              <h3 lang={feedLang}>
                <NewTabLink href={event.link}>{event.title}</NewTabLink>
              </h3>
              <p className="events__date">
                {/* The feed writes its dates in English; in Spanish the date is written from the instant. */}
                {spanish && event.startsAt
                  ? formatInstantDate(event.startsAt)
                  : event.calendarEvent.EventDates || (event.startsAt ? formatInstantDate(event.startsAt) : "")}
                {event.calendarEvent.EventTimes && <span lang={feedLang}> · {event.calendarEvent.EventTimes}</span>}
              </p>
              {event.calendarEvent.Location && <p lang={feedLang}>{event.calendarEvent.Location}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
