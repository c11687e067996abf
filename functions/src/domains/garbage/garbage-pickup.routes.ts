// GET /api/salesforce/landParcelMaster/garbagePickupDay?streetNumber=&street=&date=
// GET /api/salesforce/landParcelMaster/garbageCalendar/:parcelId?from=&lang=
import ical, { ICalEventTransparency } from "ical-generator";
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soqlString } from "../../connectors/crm/soql";
import { cityToday } from "../../contract/city-time";
import {
  calendarPickups,
  type GarbageRecord,
  isLeafBagSeason,
  nextPickup,
  PICKUP_WEEKDAYS,
  type PickupWeekday,
  ZGarbageCalendarQuery,
  ZGarbageSearchQuery,
} from "../../contract/garbage-pickup";
import { PromiseCache } from "../../platform/cache";
import { notFound } from "../../platform/http/api-error";
import { route, type ThrottleRule } from "../../platform/http/route";
import { calendarText } from "./garbage-calendar-text";

/** Pickup days change when the city redraws routes, a few times a year: an hour is fresh enough. */
const PARCEL_CACHE_MS = 60 * 60_000;
const MAX_RESULTS = 25;

interface ParcelPickup {
  Id: string;
  Parcel_Address__c: string;
  Refuse_Pickup_Day__c: PickupWeekday;
}

/** One CRM query per distinct search (or parcel) an hour, whoever asks: the CRM has a daily budget. */
const parcelCache = new PromiseCache<string, ParcelPickup[]>({ ttlMs: PARCEL_CACHE_MS, max: 2000 });

const STREET_SUFFIXES = new Set([
  "AVE",
  "AVENUE",
  "ST",
  "STREET",
  "RD",
  "ROAD",
  "DR",
  "DRIVE",
  "BLVD",
  "LN",
  "LANE",
  "CT",
  "COURT",
  "PL",
  "WAY",
  "PKWY",
]);

/** "Park St." and "park" both search PARK: the parcel master keeps the suffix in its own field. */
export function streetNameOf(street: string): string {
  const words = street.toUpperCase().replace(/[.']/g, "").split(/\s+/).filter(Boolean);
  if (words.length > 1 && STREET_SUFFIXES.has(words.at(-1) as string)) words.pop();
  return words.join(" ");
}

const isPickupDay = (value: unknown): value is PickupWeekday =>
  typeof value === "string" && (PICKUP_WEEKDAYS as readonly string[]).includes(value);

async function queryParcels(where: string): Promise<ParcelPickup[]> {
  const rows = await crmConnector().query({
    text: `SELECT Id, Parcel_Address__c, Refuse_Pickup_Day__c FROM Land_Parcel_Master__c WHERE ${where} ORDER BY Parcel_Address__c LIMIT ${MAX_RESULTS}`,
  });
  return rows.flatMap((row) =>
    isPickupDay(row.Refuse_Pickup_Day__c)
      ? [
          {
            Id: row.Id,
            Parcel_Address__c: String(row.Parcel_Address__c ?? ""),
            Refuse_Pickup_Day__c: row.Refuse_Pickup_Day__c,
          },
        ]
      : [],
  );
}

/** One parcel's address and pickup day (cached like the searches), or undefined. */
export async function parcelPickupOf(parcelId: string): Promise<ParcelPickup | undefined> {
  const [parcel] = await parcelCache.get(`parcel:${parcelId}`, () => queryParcels(`Id = ${soqlString(parcelId)}`));
  return parcel;
}

const GARBAGE_THROTTLE: ThrottleRule[] = [{ name: "garbage-search", key: "caller", limit: 120, windowSeconds: 600 }];
const ZParcelParams = z.object({ parcelId: z.string().regex(/^[A-Za-z0-9]{15,18}$/, { message: "Invalid" }) });
const EXAMPLE_PARCEL_ID = "a01000000000001AAA";

export const garbagePickupRoutes = [
  route({
    method: "GET",
    path: "/api/salesforce/landParcelMaster/garbagePickupDay",
    access: "public",
    query: ZGarbageSearchQuery,
    throttle: GARBAGE_THROTTLE,
    summary: "Garbage pickup day by street number and/or name, with the holiday shift of the week (spec 3 §4)",
    example: { query: { streetNumber: "100", street: "Highland" } },
    handler: async ({ query }): Promise<GarbageRecord[]> => {
      const streetNumber = query.streetNumber?.toUpperCase() ?? "";
      const streetName = streetNameOf(query.street ?? "");
      // Spec 3 §5: with neither a number nor a street the answer is an empty list.
      if (!streetNumber && !streetName) return [];
      const conditions = [
        streetNumber ? `AddNum__c = ${soqlString(streetNumber)}` : null,
        streetName ? `StName__c LIKE ${soqlString(`${streetName.replace(/[%_\\]/g, "")}%`)}` : null,
      ].filter(Boolean);
      const where = conditions.join(" AND ");
      const parcels = await parcelCache.get(`search:${where}`, () => queryParcels(where));
      const today = query.date ?? cityToday();
      return parcels.map((parcel) => {
        const pickup = nextPickup(parcel.Refuse_Pickup_Day__c, today);
        return {
          ...parcel,
          isDelayedFromHoliday: pickup.holiday !== null,
          holidayName: pickup.holiday,
          pickup,
          leafBagSeason: isLeafBagSeason(pickup.day),
        };
      });
    },
  }),
  route({
    method: "GET",
    path: "/api/salesforce/landParcelMaster/garbageCalendar/:parcelId",
    access: "public",
    params: ZParcelParams,
    query: ZGarbageCalendarQuery,
    throttle: GARBAGE_THROTTLE,
    summary: "An address's pickups a year ahead as an iCalendar file, holiday moves applied and explained",
    example: { params: { parcelId: EXAMPLE_PARCEL_ID } },
    handler: async ({ params, query, res }) => {
      const parcel = await parcelPickupOf(params.parcelId);
      if (!parcel) throw notFound("No parcel with this id.");
      const text = calendarText(query.lang ?? "en");
      const calendar = ical({
        name: text.calendarName(parcel.Parcel_Address__c),
        prodId: "//City of Elgin//Portal//EN",
      });
      const from = query.from ?? cityToday();
      // DTSTAMP is when this file was made (RFC 5545 §3.8.7.2): never a day still to come.
      const stamp = new Date();
      for (const pickup of calendarPickups(parcel.Refuse_Pickup_Day__c, from)) {
        calendar.createEvent({
          // Keyed by the usual day, so a moved pickup updates its event instead of adding one.
          id: `garbage-${parcel.Id}-${pickup.usualDay}@portal.cityofelgin.org`,
          // A pickup a holiday moved is a revision of its usual-day event (RFC 5545 §3.8.7.4).
          sequence: pickup.holiday ? 1 : 0,
          allDay: true,
          start: new Date(`${pickup.day}T00:00:00Z`),
          summary: pickup.holiday ? text.movedSummary(pickup.holiday) : text.summary,
          description: pickup.holiday
            ? text.movedDescription(pickup.holiday, parcel.Refuse_Pickup_Day__c, parcel.Parcel_Address__c)
            : text.description(parcel.Parcel_Address__c),
          stamp,
          // A pickup does not make the resident busy that day.
          transparency: ICalEventTransparency.TRANSPARENT,
        });
      }
      res.setHeader("content-type", "text/calendar; charset=utf-8");
      res.setHeader("content-disposition", 'attachment; filename="garbage-pickup.ics"');
      res.status(200).send(calendar.toString());
      return undefined;
    },
  }),
];
