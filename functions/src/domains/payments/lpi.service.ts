import { isFeatureFlagOn } from "../../data/feature-flags";
import { ApiError } from "../../platform/http/api-error";

/**
 * The LPI routes (the bill, its payment, a new application) answer only while EnableLPI is on:
 * the page hides them, and the API refuses them too (security review, "rules the API must enforce").
 */
export async function requireLpiEnabled(): Promise<void> {
  if (!(await isFeatureFlagOn("EnableLPI"))) {
    throw new ApiError("forbidden", "Late payment interest applications are not available.");
  }
}
