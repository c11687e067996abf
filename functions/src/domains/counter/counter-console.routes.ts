// GET  /api/console/counter?day=
// POST /api/console/counter/:id/check-in
import { z } from "zod";
import { type CounterDayVisit, ZCounterDayQuery } from "../../contract/counter";
import { instant } from "../../data/fields";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { checkIn, dayVisits } from "./counter.service";

const ZVisitId = z.object({ id: z.string().regex(/^[a-z-]{1,40}_\d{4}-\d{2}-\d{2}_\d{4}$/, "Invalid") });

/** The console's counter day list and check-in (issue 31). */
export const counterConsoleRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/console/counter",
    access: "staff",
    query: ZCounterDayQuery,
    summary: "Console: the day's counter visits with who booked them",
    example: { query: { day: "2026-12-01" } },
    audit: {
      action: "console.counter.day",
      subject: ({ query }) => (query as { day: string }).day,
      after: (_input, result) => ({ visits: (result as CounterDayVisit[]).map((visit) => visit.id) }),
    },
    handler: ({ query }): Promise<CounterDayVisit[]> => dayVisits(query.day),
  }),
  route({
    method: "POST",
    path: "/api/console/counter/:id/check-in",
    access: "staff",
    params: ZVisitId,
    summary: "Console: checks in the person of a counter visit",
    example: { params: { id: "records_2026-01-05_0900" } },
    audit: {
      action: "console.counter.check-in",
      subject: ({ params }) => (params as { id: string }).id,
      personFrom: (result) => (result as { uid?: string }).uid ?? null,
      after: (_input, result) => result,
    },
    handler: async ({ params, user }) => {
      const { after } = await checkIn(params.id, requireUser(user).uid);
      return {
        id: params.id,
        uid: after.uid,
        checkedInAt: instant(after.checkedInAt),
        checkedInBy: after.checkedInBy,
      };
    },
  }),
];
