// GET  /api/counter/slots?service=&day=
// GET  /api/counter/visits
// POST /api/counter/visits
// GET  /api/counter/visits/:id/calendar
import { z } from "zod";
import { type CounterSlots, type CounterVisit, ZCounterBooking, ZCounterSlotsQuery } from "../../contract/counter";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { bookVisit, counterSlots, visitCalendar, visitsOf } from "./counter.service";

const ZVisitId = z.object({ id: z.string().regex(/^[a-z-]{1,40}_\d{4}-\d{2}-\d{2}_\d{4}$/, "Invalid") });

/** /counter (issue 31): a resident books a visit to City Hall's counter. */
export const counterRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/counter/slots",
    access: "onboarded",
    query: ZCounterSlotsQuery,
    summary: "The counter's slots of one day for one service, with whether each can still be booked",
    example: { query: { service: "permits", day: "2026-12-01" } },
    handler: ({ query }): Promise<CounterSlots> => counterSlots(query.service, query.day),
  }),
  route({
    method: "GET",
    path: "/api/counter/visits",
    access: "onboarded",
    summary: "The caller's booked counter visits, soonest first",
    handler: ({ user }): Promise<CounterVisit[]> => visitsOf(requireUser(user).uid),
  }),
  route({
    method: "POST",
    path: "/api/counter/visits",
    access: "onboarded",
    body: ZCounterBooking,
    summary: "Books a counter visit (service, day, time in America/Chicago); confirmed by the message service",
    // A slot of a day already gone: refused as not bookable, so the matrix books nothing.
    example: { body: { service: "records", day: "2026-01-05", time: "09:00" } },
    throttle: [{ name: "counter-booking", key: "caller", limit: 20, windowSeconds: 3600 }],
    handler: ({ body, user, log }): Promise<CounterVisit> => bookVisit(requireUser(user).uid, body, log),
  }),
  route({
    method: "GET",
    path: "/api/counter/visits/:id/calendar",
    access: "onboarded",
    params: ZVisitId,
    query: z.object({ lang: z.enum(["en", "es"]).optional() }).strict(),
    summary: "One of the caller's visits as an iCalendar file",
    example: { params: { id: "records_2026-01-05_0900" } },
    handler: async ({ params, query, user, res }) => {
      const calendar = await visitCalendar(requireUser(user).uid, params.id, query.lang ?? "en");
      res.setHeader("content-type", "text/calendar; charset=utf-8");
      res.setHeader("content-disposition", 'attachment; filename="city-hall-visit.ics"');
      res.status(200).send(calendar);
      return undefined;
    },
  }),
];
