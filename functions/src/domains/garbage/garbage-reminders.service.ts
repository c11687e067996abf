import { pushConnector } from "../../connectors/push/connection";
import type { PushSendResponse } from "../../connectors/push/types";
import { cityWallClock } from "../../contract/city-time";
import {
  addDays,
  type HolidayId,
  isLeafBagSeason,
  PICKUP_WEEKDAYS,
  type PickupWeekday,
  pickupInWeek,
} from "../../contract/garbage-pickup";
import { claimGarbageReminder, dropPushTokens, garbageRemindersFor, pushTokensOf } from "../../data/garbage-reminders";
import { readUser } from "../../data/users";
import { ConnectorError } from "../../platform/connector-error";
import { HOLIDAY_NAMES, WEEKDAYS_ES } from "./garbage-calendar-text";

/** Reminders go out from 6 p.m. in Elgin the evening before the pickup (until midnight). */
export const REMINDER_FROM_HOUR = 18;

/** The pickup weekdays whose truck comes on `day`, holiday shifts applied (a Friday route can come Saturday). */
export function weekdaysPickedUpOn(day: string): PickupWeekday[] {
  return PICKUP_WEEKDAYS.filter((weekday) => pickupInWeek(weekday, day).day === day);
}

const MONTHS_ES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const WEEKDAY_ES_ALL: Record<string, string> = { ...WEEKDAYS_ES, Saturday: "sábado" };

/** The reminder's title and body in the resident's language. */
export function reminderText(
  lang: "en" | "es",
  reminder: { address: string; pickupDay: string; holiday: HolidayId | null },
): { title: string; body: string } {
  const date = new Date(`${reminder.pickupDay}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(date);
  const leaf = isLeafBagSeason(reminder.pickupDay);
  if (lang === "es") {
    const when = `${WEEKDAY_ES_ALL[weekday] ?? weekday} ${date.getUTCDate()} de ${MONTHS_ES[date.getUTCMonth()]}`;
    return {
      title: "Recolección de basura mañana",
      body: [
        `Saque la basura de ${reminder.address} antes de las 7 a. m. de mañana, ${when}.`,
        reminder.holiday
          ? `Esta semana la recolección es un día más tarde por ${HOLIDAY_NAMES.es[reminder.holiday]}.`
          : null,
        leaf ? "Las bolsas de hojas se recogen con la basura del 1 de octubre al 30 de noviembre." : null,
      ]
        .filter(Boolean)
        .join(" "),
    };
  }
  const when = `${weekday}, ${new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }).format(date)}`;
  return {
    title: "Garbage pickup tomorrow",
    body: [
      `Put the garbage for ${reminder.address} at the curb by 7 a.m. tomorrow, ${when}.`,
      reminder.holiday
        ? `This week the pickup is one day later because of ${HOLIDAY_NAMES.en[reminder.holiday]}.`
        : null,
      leaf ? "Leaf bags are picked up with the garbage from October 1 to November 30." : null,
    ]
      .filter(Boolean)
      .join(" "),
  };
}

const failureOf = (response: PushSendResponse) => (response.success ? null : response.error.code);

/** Pushes the reminder to each of the user's devices; drops tokens the provider calls dead. Never throws. */
async function pushToDevices(uid: string, message: { title: string; body: string }, pickupDay: string) {
  const tokens = await pushTokensOf(uid);
  if (tokens.length === 0) return { delivered: 0, failed: 0 };
  let responses: PushSendResponse[];
  try {
    const answer = await pushConnector().send(
      tokens.map((token) => ({
        token: token.token,
        notification: message,
        data: { kind: "garbageReminder", pickupDay },
      })),
    );
    responses = answer.responses;
  } catch (error) {
    // An outage: the in-app message stands; the push is not retried (it would come after the evening).
    if (!(error instanceof ConnectorError)) throw error;
    return { delivered: 0, failed: tokens.length };
  }
  const dead = tokens.filter((_, index) => {
    const reason = responses[index] ? failureOf(responses[index]) : null;
    return reason === "unregistered" || reason === "invalid-token";
  });
  await dropPushTokens(dead.map((token) => token.id));
  const delivered = responses.filter((response) => response.success).length;
  return { delivered, failed: tokens.length - delivered };
}

export interface GarbageReminderRun {
  /** The pickup day reminded of, or null outside the evening window. */
  pickupDay: string | null;
  sent: number;
  /** The users reminded by this run. */
  reminded: string[];
  /** Already sent by an earlier run. */
  skipped: number;
  pushDelivered: number;
  pushFailed: number;
}

/**
 * The scheduled job: from 6 p.m. in Elgin, reminds every resident who asked of tomorrow's pickup
 * (holiday shifts applied as the garbage page shows them): an in-app message and a push to each
 * device, in the resident's language. Each pickup is reminded once, however often the job runs.
 */
export async function sendGarbageReminders(now: Date = new Date()): Promise<GarbageReminderRun> {
  const clock = cityWallClock(now);
  const run: GarbageReminderRun = {
    pickupDay: null,
    sent: 0,
    reminded: [],
    skipped: 0,
    pushDelivered: 0,
    pushFailed: 0,
  };
  if (clock.hour < REMINDER_FROM_HOUR) return run;
  const pickupDay = addDays(clock.date, 1);
  run.pickupDay = pickupDay;
  const reminders = await garbageRemindersFor(weekdaysPickedUpOn(pickupDay));
  for (const { uid, data } of reminders) {
    if (data.lastSentFor === pickupDay || !data.pickupWeekday) {
      run.skipped++;
      continue;
    }
    const pickup = pickupInWeek(data.pickupWeekday, pickupDay);
    const lang = (await readUser(uid))?.Language?.toLowerCase().startsWith("es") ? "es" : "en";
    const message = reminderText(lang, { address: data.address ?? "", pickupDay, holiday: pickup.holiday });
    if (!(await claimGarbageReminder(uid, pickupDay, message))) {
      run.skipped++;
      continue;
    }
    run.sent++;
    run.reminded.push(uid);
    const pushed = await pushToDevices(uid, message, pickupDay);
    run.pushDelivered += pushed.delivered;
    run.pushFailed += pushed.failed;
  }
  return run;
}
