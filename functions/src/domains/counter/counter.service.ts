import ical from "ical-generator";
import { cityInstant } from "../../contract/city-time";
import {
  bookableDays,
  COUNTER_ADDRESS,
  type CounterBooking,
  type CounterDayVisit,
  type CounterService,
  type CounterSlots,
  type CounterVisit,
  slotTimesOf,
  VISIT_MINUTES,
} from "../../contract/counter";
import {
  bookCounterVisit,
  type CounterVisitDoc,
  checkInCounterVisit,
  counterVisitsOfDay,
  counterVisitsOfUser,
  readCounterVisit,
} from "../../data/counter-visits";
import { instant } from "../../data/fields";
import { readUser } from "../../data/users";
import { badRequest, conflict, notFound } from "../../platform/http/api-error";
import type { Logger } from "../../platform/logger";
import { portalOrigin } from "../../platform/portal-url";
import { sendMessage } from "../messages/message.service";

/** The services' names in the confirmation and the calendar file (the page has its own, in locales). */
const SERVICE_NAMES: Record<CounterService, { en: string; es: string }> = {
  "water-billing": { en: "Water billing and payments", es: "Facturación y pagos del agua" },
  permits: { en: "Building permits", es: "Permisos de construcción" },
  "business-licenses": { en: "Business licenses", es: "Licencias de negocio" },
  parking: { en: "Parking permits and tickets", es: "Permisos y multas de estacionamiento" },
  records: { en: "Records and certificates", es: "Registros y certificados" },
};

const toVisit = (id: string, data: CounterVisitDoc): CounterVisit => ({
  id,
  service: data.service,
  day: data.day,
  time: data.time,
  startsAt: instant(data.startsAt) ?? cityInstant(data.day, data.time).toISOString(),
  checkedInAt: instant(data.checkedInAt),
});

/** Every slot of a day for one service, with whether it is still free and ahead of `now`. */
export async function counterSlots(service: CounterService, day: string, now = new Date()): Promise<CounterSlots> {
  const taken = new Set(
    (await counterVisitsOfDay(day)).filter(({ data }) => data.service === service).map(({ data }) => data.time),
  );
  return {
    service,
    day,
    slots: slotTimesOf(day).map((time) => ({ time, open: !taken.has(time) && cityInstant(day, time) > now })),
  };
}

/** When and where, in the person's language, for the confirmation. */
function visitWords(booking: CounterBooking, language: "en" | "es") {
  const when = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "America/Chicago",
  }).format(cityInstant(booking.day, booking.time));
  return { when, service: SERVICE_NAMES[booking.service][language] };
}

/**
 * Books a visit for a signed-in person (issue 31): the slot must be open, ahead and within the
 * booking window; one person per service and slot (the slot is the record's id). The confirmation
 * goes through the message service by email (and in the portal's messages), with the calendar link.
 */
export async function bookVisit(
  uid: string,
  booking: CounterBooking,
  log: Logger,
  now = new Date(),
): Promise<CounterVisit> {
  const startsAt = cityInstant(booking.day, booking.time);
  if (!bookableDays(now).includes(booking.day) || startsAt <= now) {
    throw badRequest("This day or time cannot be booked.", { "body.day": "Invalid" });
  }
  const user = await readUser(uid);
  const name = [user?.FirstName, user?.LastName].filter(Boolean).join(" ") || null;
  const { id, created } = await bookCounterVisit({
    uid,
    service: booking.service,
    day: booking.day,
    time: booking.time,
    startsAt,
    name,
    email: user?.Email ?? null,
  });
  if (!created) throw conflict("This time was just booked by someone else. Please choose another.");
  const link = `${portalOrigin()}/counter`;
  const en = visitWords(booking, "en");
  const es = visitWords(booking, "es");
  const notice = {
    en: {
      title: `Your City Hall visit: ${en.when}`,
      body: `Your visit for ${en.service} is booked for ${en.when} at ${COUNTER_ADDRESS}. Please arrive a few minutes early and check in at the counter. Your visits and the calendar file: ${link}`,
    },
    es: {
      title: `Su visita al Ayuntamiento: ${es.when}`,
      body: `Su visita para ${es.service} está reservada para el ${es.when} en ${COUNTER_ADDRESS}. Llegue unos minutos antes y regístrese en la ventanilla. Sus visitas y el archivo de calendario: ${link}`,
    },
  };
  // One message per visit and channel: a repeat of the confirmation sends nothing more.
  const channels = [...(user?.Email ? (["email"] as const) : []), "inApp" as const];
  for (const channel of channels) {
    try {
      await sendMessage({ uid, email: user?.Email ?? null }, "notice", notice, channel, {
        id: `counter-${id}-${channel}`,
      });
    } catch (error) {
      // The visit stands; the person sees it on /counter even when the confirmation could not be written.
      log.error("counter visit confirmation not queued", { channel, error: String(error) });
    }
  }
  const stored = await readCounterVisit(id);
  return toVisit(id, stored as CounterVisitDoc);
}

export async function visitsOf(uid: string): Promise<CounterVisit[]> {
  return (await counterVisitsOfUser(uid)).map(({ id, data }) => toVisit(id, data));
}

/** A person's visit as an iCalendar file (times in UTC, which every calendar shows in its own zone). */
export async function visitCalendar(uid: string, id: string, language: "en" | "es"): Promise<string> {
  const visit = await readCounterVisit(id);
  // Another person's visit is not found, as a missing one.
  if (!visit || visit.uid !== uid) throw notFound("No such visit.");
  const start = cityInstant(visit.day, visit.time);
  const calendar = ical({
    name: language === "es" ? "Visita al Ayuntamiento" : "City Hall visit",
    prodId: "//City of Elgin//Portal//EN",
  });
  calendar.createEvent({
    id: `counter-${id}@portal.cityofelgin.org`,
    start,
    end: new Date(start.getTime() + VISIT_MINUTES * 60_000),
    stamp: new Date(),
    summary: `${language === "es" ? "Visita al Ayuntamiento" : "City Hall visit"}: ${SERVICE_NAMES[visit.service][language]}`,
    location: COUNTER_ADDRESS,
    description:
      language === "es"
        ? "Llegue unos minutos antes y regístrese en la ventanilla."
        : "Please arrive a few minutes early and check in at the counter.",
  });
  return calendar.toString();
}

/** The console's day list: every visit of a day with who booked it. */
export async function dayVisits(day: string): Promise<CounterDayVisit[]> {
  return (await counterVisitsOfDay(day)).map(({ id, data }) => ({
    ...toVisit(id, data),
    uid: data.uid,
    name: data.name,
    email: data.email,
    checkedInBy: data.checkedInBy,
  }));
}

/** Staff check a person in; answers the visit before and after (for the audit trail). */
export async function checkIn(id: string, staffUid: string) {
  const result = await checkInCounterVisit(id, staffUid);
  if (!result) throw notFound("No such visit.");
  return result;
}
