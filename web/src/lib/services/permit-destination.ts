import type { Activity } from "@contract/activity";
import {
  needsZoningFirst,
  type PermitSelection,
  QUICK_PERMIT_FORM_TITLE,
  SERVICE_FORM_ACTIVITY_IDS,
} from "@contract/permit-selection";
import type { PortalUser } from "@contract/user";

/** Where a zoning inquiry started from permit selection goes; its back link returns here. */
export const ZONING_FROM_PERMITS = "other_permit";
/** The same for a page the business application questionnaire opens. */
export const FROM_BUSINESS_APPLICATION = "business_application";

/** The zoning inquiry page, told where the resident came from (its back link). */
export const zoningInquiryHref = () =>
  `/activities/zoning_inquiry?${new URLSearchParams({ activityId: SERVICE_FORM_ACTIVITY_IDS.zoningInquiry })}`;

/** The applicant's details the Quick Permit form opens prefilled with (spec 3 §2 "applicant parameters"). */
export function applicantParams(user: PortalUser | null): Record<string, string> {
  const entries: [string, string | null | undefined][] = [
    ["firstName", user?.FirstName],
    ["lastName", user?.LastName],
    ["email", user?.Email],
    ["phone", user?.PhoneNumber],
    ["address", user?.salesforceContact?.address1],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export type PermitDestination = { kind: "zoning"; to: string } | { kind: "form"; to: string } | { kind: "unavailable" };

/**
 * Next on permit selection: a new commercial or industrial property goes to the zoning inquiry;
 * anything else to the Quick Permit form, with the process id and payment code of the catalogue's
 * Quick Permit service and the applicant's details, the property type and the permits chosen.
 */
export function permitDestination(
  selection: PermitSelection,
  quickPermit: Pick<Activity, "LaserficheProcessId" | "paymentCode"> | undefined,
  user: PortalUser | null,
): PermitDestination {
  if (needsZoningFirst(selection.propertyType)) return { kind: "zoning", to: zoningInquiryHref() };
  if (!quickPermit?.LaserficheProcessId) return { kind: "unavailable" };
  const params = {
    ...applicantParams(user),
    propertyType: selection.propertyType,
    permits: selection.permits.join(", "),
  };
  const query = new URLSearchParams({
    formTitle: QUICK_PERMIT_FORM_TITLE,
    bpid: quickPermit.LaserficheProcessId,
    paymentCode: quickPermit.paymentCode ?? "",
    params: JSON.stringify(params),
  });
  return { kind: "form", to: `/laserfiche/form?${query}` };
}
