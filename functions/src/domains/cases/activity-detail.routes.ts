// GET /api/salesforce/activity/:type/:id
// DELETE /api/salesforce/activity/:type/:id
// POST /api/salesforce/activity/:type/:id/additionalInformation
// GET /api/salesforce/activity/:type/:id/photos/:index
import {
  type ActivityDetail,
  type AdditionalInformationResult,
  ZActivityParams,
  ZActivityPhotoParams,
  ZAdditionalInformationInput,
} from "../../contract/activity-detail";
import { conflict, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { photoObjectOutsideStaff } from "../reports/moderation.service";
import { sendReportPhoto } from "../reports/report-photos";
import {
  activityDetail,
  cancelActivity,
  ownedActivityRecord,
  ownedActivityRecordWhileDown,
  reportPhotosOf,
} from "./activity-detail.service";
import { submitAdditionalInformation } from "./additional-information.service";

/** A record id of the resident's own named case's form; others answer 404, which the matrix accepts. */
const EXAMPLE = { params: { type: "Case", id: "500000000000001AAA" } };

export const activityDetailRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/activity/:type/:id/photos/:index",
    access: "onboarded",
    params: ZActivityPhotoParams,
    summary: "One photo of a report's case the caller may see (404 for any other, or past the last photo)",
    example: { params: { ...EXAMPLE.params, index: "0" } },
    handler: async ({ params, user, res }) => {
      const record = await ownedActivityRecord(requireUser(user), params.type, params.id);
      const name = reportPhotosOf(record)[params.index];
      if (!name) throw notFound("No such photo.");
      // A photo staff redacted (issue 31) is the blurred copy here too: the original is for staff only.
      // The resident's own photo: kept by their browser only, never by a shared cache, and asked
      // again each time (staff may have redacted it since).
      await sendReportPhoto(await photoObjectOutsideStaff(params.id, params.index, name), res, "private, no-cache");
      return undefined;
    },
  }),
  route({
    method: "GET",
    path: "/api/salesforce/activity/:type/:id",
    access: "onboarded",
    params: ZActivityParams,
    summary: "One activity of the caller or of an organization they belong to (404 for any other)",
    example: EXAMPLE,
    handler: ({ params, user }): Promise<ActivityDetail> => activityDetail(requireUser(user), params.type, params.id),
  }),
  route({
    method: "DELETE",
    path: "/api/salesforce/activity/:type/:id",
    access: "onboarded",
    params: ZActivityParams,
    summary: "Cancels an activity of the caller's when the CRM marks it cancelable (409 otherwise)",
    example: EXAMPLE,
    destructive: true,
    handler: ({ params, user }) => cancelActivity(requireUser(user), params.type, params.id),
  }),
  route({
    method: "POST",
    path: "/api/salesforce/activity/:type/:id/additionalInformation",
    access: "onboarded",
    params: ZActivityParams,
    body: ZAdditionalInformationInput,
    summary:
      "Answers an action-required activity with text and the names of uploaded documents (kept if the CRM is down)",
    example: { ...EXAMPLE, body: { additionalInformationText: "A photo of the panel is in the file box." } },
    destructive: true,
    handler: async ({ params, body, user }): Promise<AdditionalInformationResult> => {
      const principal = requireUser(user);
      // The case is on the resident's screen: with the CRM down, the record they opened stands in.
      const record = await ownedActivityRecordWhileDown(principal, params.type, params.id);
      if (record.Action_Required__c !== true) throw conflict("This activity does not ask for more information.");
      return submitAdditionalInformation({
        uid: principal.uid,
        objectName: params.type,
        recordId: params.id,
        text: body.additionalInformationText,
        documents: body.boxActivityLog,
      });
    },
  }),
];
