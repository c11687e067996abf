// GET /api/salesforcePublicField/sObjects
// GET /api/salesforcePublicField/:object
// POST /api/salesforcePublicField/:object
import { z } from "zod";
import {
  PUBLIC_FIELD_OBJECTS,
  type PublicFieldObject,
  type PublicFieldsConfig,
  ZPublicFieldObject,
  ZPublicFieldsSave,
} from "../../contract/public-fields";
import { publicFieldsOf, savePublicFields } from "../../data/public-fields";
import { badRequest } from "../../platform/http/api-error";
import { route } from "../../platform/http/route";
import { describeObjectFields } from "../cases/activity-fields.service";

const ZObjectParams = z.object({ object: ZPublicFieldObject });

/** The seeded Case fields: the matrix's save leaves them as every other test expects. */
const EXAMPLE_CASE_FIELDS = ["Subject", "Description", "Type"];

/** Public fields administration (spec 3 §2, §7): pick an object, pick its fields from the CRM's describe, save. */
export const publicFieldsRoutes = [
  route({
    method: "GET",
    path: "/api/salesforcePublicField/sObjects",
    access: "admin",
    summary: "The CRM objects whose fields an admin may make public",
    handler: (): PublicFieldObject[] => [...PUBLIC_FIELD_OBJECTS],
  }),
  route({
    method: "GET",
    path: "/api/salesforcePublicField/:object",
    access: "admin",
    summary: "An object's public fields and the fields its CRM describe offers",
    params: ZObjectParams,
    example: { params: { object: "Case" } },
    handler: async ({ params }): Promise<PublicFieldsConfig> => {
      const [fields, available] = await Promise.all([
        publicFieldsOf(params.object),
        describeObjectFields(params.object),
      ]);
      return { objectName: params.object, fields, available };
    },
  }),
  route({
    method: "POST",
    path: "/api/salesforcePublicField/:object",
    access: "admin",
    summary: "Saves the fields of an object residents see in an activity's details",
    params: ZObjectParams,
    body: ZPublicFieldsSave,
    example: { params: { object: "Case" }, body: { fields: EXAMPLE_CASE_FIELDS } },
    handler: async ({ params, body }): Promise<{ objectName: PublicFieldObject; fields: string[] }> => {
      // Only fields the object has: a stale or forged name would show nothing and hide the mistake.
      const known = new Set((await describeObjectFields(params.object)).map((field) => field.name));
      const unknown = body.fields.filter((field) => !known.has(field));
      if (unknown.length > 0)
        throw badRequest("Unknown fields.", {
          "body.fields": `Not a field of ${params.object}: ${unknown.join(", ")}`,
        });
      await savePublicFields(params.object, body.fields);
      return { objectName: params.object, fields: body.fields };
    },
  }),
];
