import { billingConnector } from "../../connectors/billing/connection";
import { STREET_NUMBER_MISMATCH } from "../../contract/billing-account";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest } from "../../platform/http/api-error";
import type { ThrottleRule } from "../../platform/http/route";

/** The customer id of an account however it is typed ("000123-045", "123"): leading zeros dropped. */
export const customerKey = (typed: string) => (typed.split("-")[0] ?? "").replace(/^0+(?=.)/, "");

/**
 * The limits on proving a water account by its street number (security review, finding 1): the
 * account page's "add water account" and onboarding's utility step are one check with one budget.
 * Wrong guesses are counted per account (its customer id, whoever guesses: the public lookup gives
 * the location from it) and per caller, by the hour and by the day; a caller also has a daily cap
 * on attempts, right or wrong. `field` names the body field that holds the customer id.
 */
export function waterAccountLinkThrottles(field: string): ThrottleRule[] {
  const account = { in: "body" as const, field, normalize: customerKey };
  return [
    { name: "water-link-account", key: account, limit: 5, windowSeconds: 3600, counts: "failures" },
    { name: "water-link-account-day", key: account, limit: 10, windowSeconds: 86_400, counts: "failures" },
    { name: "water-link-caller", key: "caller", limit: 10, windowSeconds: 3600, counts: "failures" },
    { name: "water-link-caller-day", key: "caller", limit: 20, windowSeconds: 86_400 },
  ];
}

/**
 * Proves the caller knows the account's street number and links the billing system's web user to
 * it; answers the service address. An unknown account answers exactly as a wrong street number
 * (400 STREET_NUMBER_MISMATCH), so a guesser learns nothing about which accounts exist.
 */
export async function proveWaterAccount(request: {
  webUserId: string;
  customerId: string;
  locationId: string;
  streetNumber: string;
}): Promise<{ serviceAddress: string }> {
  try {
    const linked = await billingConnector().linkAccount(request);
    if (!linked.linked) throw badRequest(STREET_NUMBER_MISMATCH);
    return { serviceAddress: linked.serviceAddress };
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "not_found") throw badRequest(STREET_NUMBER_MISMATCH);
    throw error;
  }
}
