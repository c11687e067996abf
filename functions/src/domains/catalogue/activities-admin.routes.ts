// GET /api/activities/all
// POST /api/activities
// PUT /api/activities/:id
// DELETE /api/activities/:id

import type { z } from "zod";
import {
  type Activity,
  activityCreateSchema,
  activityUpdateSchema,
  POPULAR_SERVICE_DEFAULT_DESCRIPTION,
  stopperOf,
} from "../../contract/activity";
import { ZDocumentIdParams } from "../../contract/ids";
import {
  type ActivityFields,
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  updateActivity,
} from "../../data/activities";
import { isFeatureFlagOn } from "../../data/feature-flags";
import { badRequest, notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";

/** The lenient shapes (flag on) validate the request; the handler adds the flag-dependent rule. */
const createBody = activityCreateSchema(true);
const updateBody = activityUpdateSchema(true);
type CreateBody = z.output<typeof createBody>;

async function popularServicesEnabled(): Promise<boolean> {
  return isFeatureFlagOn("EnablePopularServices");
}

/**
 * Spec 1 §5: the description is required unless EnablePopularServices is on, in which case an
 * empty one becomes 'Press "start" to continue.'.
 */
async function description(body: CreateBody): Promise<string> {
  if (body.description) return body.description;
  if (await popularServicesEnabled()) return POPULAR_SERVICE_DEFAULT_DESCRIPTION;
  throw badRequest("Invalid body.", { "body.description": "Required" });
}

/** The stored fields of a validated form; type-specific fields are kept only for their type. */
function toFields(
  body: CreateBody,
  text: string,
): Omit<ActivityFields, "Deleted" | "ToggleInAppBrowser" | "PopularServiceIconURL"> {
  return {
    Item: body.item,
    Type: body.type,
    Action: body.action,
    Description: text,
    Order: body.order,
    Published: body.published,
    CalendlyLink: body.calendlyLink,
    PaymentRequired: body.paymentRequired,
    paymentCode: body.paymentCode,
    salesforcePaymentField: body.salesforcePaymentField,
    GuestEnabled: body.guestEnabled,
    PopularService: body.popularService,
    PopularServiceOrder: body.popularServiceOrder,
    Content: body.type === "CONTENT" ? body.content : null,
    ExternalLink: body.type === "EXTERNAL_LINK" ? body.externalLink : null,
    SalesforceObjectId: body.type === "LASERFICHE_FORM" ? body.salesforceObjectId : null,
    LaserficheProcessId: body.type === "LASERFICHE_FORM" ? body.laserficheProcessId : null,
    Stopper: stopperOf(body),
  };
}

const exampleBody = {
  item: "Access matrix example",
  type: "CONTENT",
  action: "FIND",
  order: 0,
  description: "An unpublished example service.",
  published: false,
  content: "Example content.",
};

/** Service catalogue administration (spec 1 §2.10, §5, §8 Catalogue). */
export const activitiesAdminRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/activities/all",
    access: "admin",
    summary: "Every service that is not deleted, published or not, for the catalogue admin",
    handler: (): Promise<Activity[]> => listActivities({ publishedOnly: false }),
  }),
  route({
    method: "POST",
    path: "/api/activities",
    access: "admin",
    summary: "Adds a service to the catalogue",
    body: createBody,
    example: { body: exampleBody },
    audit: { action: "catalogue.create", after: (_input, result) => result },
    handler: async ({ body }): Promise<Activity> =>
      createActivity({
        ...toFields(body, await description(body)),
        Deleted: false,
        ToggleInAppBrowser: false,
        PopularServiceIconURL: null,
      }),
  }),
  route({
    method: "PUT",
    path: "/api/activities/:id",
    access: "admin",
    summary: "Edits a service; its type cannot change",
    params: ZDocumentIdParams,
    body: updateBody,
    example: { params: { id: "no-such-activity" }, body: exampleBody },
    audit: {
      action: "catalogue.update",
      subject: ({ params }) => (params as { id: string }).id,
      before: ({ params }) => getActivity((params as { id: string }).id),
      after: (_input, result) => result,
    },
    handler: async ({ params, body }): Promise<Activity> => {
      const existing = await getActivity(params.id);
      if (!existing) throw notFound("Activity could not be found");
      if (existing.Type !== body.type)
        throw badRequest("The type of a service cannot change.", { "body.type": "Invalid" });
      const updated = await updateActivity(params.id, {
        ...toFields(body, await description(body)),
        Deleted: body.deleted,
        ToggleInAppBrowser: body.toggleInAppBrowser,
      });
      if (!updated) throw notFound("Activity could not be found");
      return updated;
    },
  }),
  route({
    method: "DELETE",
    path: "/api/activities/:id",
    access: "admin",
    summary: "Removes a service from the catalogue (soft delete: Deleted true)",
    params: ZDocumentIdParams,
    destructive: true,
    example: { params: { id: "no-such-activity" } },
    audit: {
      action: "catalogue.delete",
      subject: ({ params }) => (params as { id: string }).id,
      before: ({ params }) => getActivity((params as { id: string }).id),
      after: ({ params }) => getActivity((params as { id: string }).id),
    },
    handler: async ({ params }): Promise<undefined> => {
      const existing = await getActivity(params.id);
      if (!existing || existing.Deleted) throw notFound("Activity could not be found");
      await deleteActivity(params.id);
      return undefined;
    },
  }),
];
