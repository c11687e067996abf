import { crmConnector } from "../../connectors/crm/connection";
import { isFeatureFlagOn } from "../../data/feature-flags";
import { ApiError } from "../../platform/http/api-error";
import { markActivitiesChanged } from "../cases/activities.service";

/**
 * The LPI routes (the bill, its payment, a new application) answer only while EnableLPI is on:
 * the page hides them, and the API refuses them too (security review, "rules the API must enforce").
 */
export async function requireLpiEnabled(): Promise<void> {
  if (!(await isFeatureFlagOn("EnableLPI"))) {
    throw new ApiError("forbidden", "Late payment interest applications are not available.");
  }
}

/**
 * A charged LPI application is paid: the CRM record no longer asks for a payment, so its bill shows
 * nothing due and the dashboard drops its "Pay" step (security review finding 2). Safe to repeat
 * (the reconcile job retries it while the payment stays `charged`).
 */
export async function markLpiApplicationPaid(applicationId: string, payerUid: string | null): Promise<void> {
  await crmConnector().update("LPI_Application__c", applicationId, { Payment_Required__c: false });
  if (payerUid) await markActivitiesChanged(payerUid);
}
