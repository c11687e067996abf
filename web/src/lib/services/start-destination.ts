import type { Activity } from "@contract/activity";

/**
 * Services with their own pages (spec 1 §3 "Known activity ids"), beside the contract's two.
 * The picker sends these ids there whatever their type.
 */
export const KNOWN_SERVICE_PAGES: Readonly<Record<string, string>> = {
  WATER_BILL: "/payment",
  QUICK_PERMIT: "/activities/other_permit",
  BUSINESS_APPLICATION: "/activities/business_application",
  ZONING_INQUIRY: "/activities/zoning_inquiry",
  BUSINESS_LICENSE: "/businesslicense",
  PERMIT_SEARCH: "/permit-search",
  GARBAGE_SEARCH: "/garbage-search",
};

export type StartActivity = Pick<
  Activity,
  "Id" | "Item" | "Type" | "Action" | "GuestEnabled" | "LaserficheProcessId" | "ExternalLink" | "paymentCode"
>;

export interface StartVisitor {
  /** False for guests. */
  signedIn: boolean;
  /** The signed-in user's email; null for guests and for users without one. */
  email: string | null;
}

/** Where Start goes: an in-app path, a new tab, or an error to show. */
export type StartDestination =
  | { kind: "navigate"; to: string }
  | { kind: "newTab"; url: string }
  | { kind: "error"; reason: "noProcessId" | "noExternalLink" | "unsupportedType"; type: string };

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/**
 * The service picker's Start (spec 1 §4), in order: the guest routes of the water bill and the
 * quick permit; sign-in for a user without an email on a service that is not guest-enabled; then
 * by type: a form service opens the embedded form, known ids their pages, an external link a
 * new tab, a REPORT service the report page, and anything else is not supported.
 */
export function startDestination(activity: StartActivity, visitor: StartVisitor): StartDestination {
  if (!visitor.signedIn && activity.Id === "WATER_BILL") {
    return { kind: "navigate", to: `/login?${query({ redirectto: "payment", guest_enabled: "true" })}` };
  }
  if (!visitor.signedIn && activity.Id === "QUICK_PERMIT") return { kind: "navigate", to: "/login" };
  if (!visitor.email && !activity.GuestEnabled) {
    return { kind: "navigate", to: `/login?${query({ activityId: activity.Id })}` };
  }
  if (activity.Type === "LASERFICHE_FORM") {
    if (!activity.LaserficheProcessId) return { kind: "error", reason: "noProcessId", type: activity.Type };
    return {
      kind: "navigate",
      to: `/laserfiche/form?${query({
        formTitle: activity.Item,
        bpid: activity.LaserficheProcessId,
        paymentCode: activity.paymentCode ?? "",
        params: JSON.stringify({ activityId: activity.Id }),
      })}`,
    };
  }
  const knownPage = Object.hasOwn(KNOWN_SERVICE_PAGES, activity.Id) ? KNOWN_SERVICE_PAGES[activity.Id] : undefined;
  if (knownPage) return { kind: "navigate", to: knownPage };
  if (activity.Type === "EXTERNAL_LINK") {
    if (!activity.ExternalLink) return { kind: "error", reason: "noExternalLink", type: activity.Type };
    return { kind: "newTab", url: activity.ExternalLink };
  }
  if (activity.Action === "REPORT") {
    return { kind: "navigate", to: `/report?${query({ item: activity.Item, id: activity.Id })}` };
  }
  return { kind: "error", reason: "unsupportedType", type: activity.Type };
}
