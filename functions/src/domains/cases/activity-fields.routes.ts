// GET /api/salesforce/activity/:objectId/fields

import { z } from "zod";
import { CRM_OBJECT_OPTIONS } from "../../contract/activity";
import { type AnyRoute, route } from "../../platform/http/route";
import { describeObjectFields } from "./activity-fields.service";

const CRM_OBJECTS = CRM_OBJECT_OPTIONS.map((option) => option.value) as [string, ...string[]];

export const activityFieldsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/activity/:objectId/fields",
    access: "admin",
    summary: "Field names of a CRM object a form service can create (for the payment field select)",
    params: z.object({ objectId: z.enum(CRM_OBJECTS) }),
    example: { params: { objectId: "Case" } },
    handler: ({ params }) => describeObjectFields(params.objectId),
  }),
];
