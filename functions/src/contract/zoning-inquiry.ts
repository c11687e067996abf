import { z } from "zod";

/**
 * The zoning inquiry (spec 3 §2, §3 "Zoning inquiry payload", §5, §7): the form, the payload the
 * page posts to POST /api/salesforce/zoningInquiry/:activityId, and the builder between them.
 */

/** The 'all that apply' options, as the CRM's multi-select stores them. */
export const ZONING_CHOICES = [
  "modify",
  "move",
  "change ownership",
  "expand business",
  "know permitted uses at property",
  "know site restrictions",
] as const;
export type ZoningChoice = (typeof ZONING_CHOICES)[number];

export const YES_NO = ["Yes", "No"] as const;
export type YesNo = (typeof YES_NO)[number];

/** The CRM object a zoning inquiry becomes. */
export const ZONING_INQUIRY_OBJECT = "Zoning_Inquiry__c";

/** Salesforce text limits of the payload's fields. */
const ADDRESS_MAX = 255;
const DETAILS_MAX = 32_000;

const required = (max: number) =>
  z.string({ message: "Required" }).trim().min(1, { message: "Required" }).max(max, { message: "Invalid" });

/** The page's form: the chosen address, the proposed usage, the choices and two yes/no answers (§5). */
export const ZZoningInquiryForm = z.object({
  address: required(ADDRESS_MAX),
  businessDetails: required(DETAILS_MAX),
  choices: z.array(z.enum(ZONING_CHOICES), { message: "Required" }).min(1, { message: "Required" }),
  homeBased: z.enum(YES_NO, { message: "Required" }),
  newBusiness: z.enum(YES_NO, { message: "Required" }),
});
export type ZoningInquiryForm = z.output<typeof ZZoningInquiryForm>;

/** The §3 payload, field for field: what the API takes and what the CRM record gets. */
export const ZZoningInquiryPayload = z.strictObject({
  Land_Parcel_Master_Address__c: required(ADDRESS_MAX),
  Business_Details__c: required(DETAILS_MAX),
  Mark_all_that_apply_to_you_inquiry__c: z
    .string({ message: "Required" })
    .refine(
      (text) => {
        const parts = text.split(";");
        return parts.length > 0 && parts.every((part) => (ZONING_CHOICES as readonly string[]).includes(part));
      },
      { message: "Invalid" },
    )
    .refine((text) => new Set(text.split(";")).size === text.split(";").length, { message: "Invalid" }),
  Is_this_a_home_based_business__c: z.enum(YES_NO, { message: "Required" }),
  Is_this_a_new_business__c: z.enum(YES_NO, { message: "Required" }),
  SFDC_ContactID__c: z
    .string({ message: "Required" })
    .regex(/^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/, { message: "Invalid" }),
});
export type ZoningInquiryPayload = z.output<typeof ZZoningInquiryPayload>;

/** What the API answers: sent to the CRM (with the record's name), or received and kept until it is. */
export type ZoningInquiryResult = { status: "sent"; id: string } | { status: "received" };

/**
 * The payload of a filled form: the choices in the options' order, joined with semicolons, and
 * the resident's CRM contact id.
 */
export function zoningInquiryPayload(form: ZoningInquiryForm, contactId: string): ZoningInquiryPayload {
  const chosen = new Set<string>(form.choices);
  return {
    Land_Parcel_Master_Address__c: form.address.trim(),
    Business_Details__c: form.businessDetails.trim(),
    Mark_all_that_apply_to_you_inquiry__c: ZONING_CHOICES.filter((choice) => chosen.has(choice)).join(";"),
    Is_this_a_home_based_business__c: form.homeBased,
    Is_this_a_new_business__c: form.newBusiness,
    SFDC_ContactID__c: contactId,
  };
}
