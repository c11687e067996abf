// POST /api/salesforce/zoningInquiry/:activityId

import { z } from "zod";
import { ZDocumentId } from "../../contract/ids";
import { ZONING_INQUIRY_OBJECT, type ZoningInquiryResult, ZZoningInquiryPayload } from "../../contract/zoning-inquiry";
import { getActivity } from "../../data/activities";
import { forbidden, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { submitZoningInquiry } from "./zoning-inquiry.service";

/** The zoning inquiry (spec 3 §7): the §3 payload, filed for the caller's own CRM contact. */
export const zoningInquiryRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/salesforce/zoningInquiry/:activityId",
    access: "onboarded",
    params: z.object({ activityId: ZDocumentId }),
    body: ZZoningInquiryPayload,
    summary: "Files a zoning inquiry in the CRM for the caller (kept in the outbox while the CRM is down)",
    // Each call files a CRM record.
    throttle: [{ name: "zoning-inquiry", key: "caller", limit: 20, windowSeconds: 3600 }],
    example: {
      params: { activityId: "ZONING_INQUIRY" },
      body: {
        Land_Parcel_Master_Address__c: "150 Dexter Ct, Elgin, IL 60120",
        Business_Details__c: "Home bakery selling at farmers markets",
        Mark_all_that_apply_to_you_inquiry__c: "know permitted uses at property;know site restrictions",
        Is_this_a_home_based_business__c: "Yes",
        Is_this_a_new_business__c: "Yes",
        SFDC_ContactID__c: "003000000000000AAA",
      },
    },
    destructive: true,
    handler: async ({ params, body, user }): Promise<ZoningInquiryResult> => {
      const principal = requireUser(user);
      if (body.SFDC_ContactID__c !== principal.salesforceId) {
        throw forbidden("A zoning inquiry is filed for your own CRM contact only.");
      }
      const activity = await getActivity(params.activityId);
      const usable = activity && !activity.Deleted && activity.SalesforceObjectId === ZONING_INQUIRY_OBJECT;
      if (!usable) throw notFound("Activity could not be found");
      return submitZoningInquiry({ uid: principal.uid, activity, payload: body });
    },
  }),
];
