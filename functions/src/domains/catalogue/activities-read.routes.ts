// GET /api/activities?userId=
// GET /api/activities/:id

import { z } from "zod";
import type { Activity } from "../../contract/activity";
import { ZDocumentIdParams } from "../../contract/ids";
import { getActivity, listActivities } from "../../data/activities";
import { notFound } from "../../platform/http/api-error";
import { isAdmin } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

/** The catalogue as residents and guests see it (spec 1 §7 Catalogue). */
export const activitiesReadRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/activities",
    access: "public",
    summary: "Published services, sorted by Order then Item",
    // userId is sent by the picker (spec 1 §7); the list is the same for everyone.
    query: z.object({ userId: z.string().max(128).optional() }),
    example: { query: { userId: "{uid}" } },
    handler: async ({ res }): Promise<Activity[]> => {
      const activities = await listActivities({ publishedOnly: true });
      // Short: a new or edited service must show in the picker at once.
      res.setHeader("cache-control", "no-store");
      return activities;
    },
  }),
  route({
    method: "GET",
    path: "/api/activities/:id",
    access: "public",
    summary: "One service (unpublished ones to admins only)",
    params: ZDocumentIdParams,
    example: { params: { id: "WATER_BILL" } },
    handler: async ({ params, user }): Promise<Activity> => {
      const activity = await getActivity(params.id);
      const visible = activity && !activity.Deleted && (activity.Published || isAdmin(user));
      if (!visible) throw notFound("Activity could not be found");
      return activity;
    },
  }),
];
