// GET /api/salesforce/activity/:objectId/fields

import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import type { CrmConnector, CrmField } from "../../connectors/crm/types";
import { CRM_OBJECT_OPTIONS } from "../../contract/activity";
import { PromiseCache } from "../../platform/cache";
import { type AnyRoute, route } from "../../platform/http/route";

const CRM_OBJECTS = CRM_OBJECT_OPTIONS.map((option) => option.value) as [string, ...string[]];

/** A field an admin can pick as a service's payment field. */
export interface CrmFieldOption {
  name: string;
  label: string;
  type: string;
}

/** Describe results change only when the city edits its CRM schema; the CRM counts every call. */
const DESCRIBE_TTL_MS = 6 * 60 * 60_000;
const describeCache = new PromiseCache<string, CrmFieldOption[]>({ ttlMs: DESCRIBE_TTL_MS, max: 100 });

/** The object's fields, from the cache when fresh; a failed describe is not cached. */
export function describeObjectFields(
  objectName: string,
  source: () => CrmConnector = crmConnector,
): Promise<CrmFieldOption[]> {
  return describeCache.get(objectName, () =>
    source()
      .describeFields(objectName)
      .then((all: CrmField[]) =>
        all
          .map((field) => ({ name: field.name, label: field.label, type: field.type }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      ),
  );
}

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
