import { z } from "zod";

/** Service types (spec 1 §3 Activity types), with the label admins see. */
export const ACTIVITY_TYPES = ["LASERFICHE_FORM", "CUSTOM_FORM", "EXTERNAL_LINK", "CONTENT"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  LASERFICHE_FORM: "Laserfiche Form",
  CUSTOM_FORM: "Custom Form",
  EXTERNAL_LINK: "External Link",
  CONTENT: "Content",
};

/** Picker actions (spec 1 §2.8); PAY also appears as a stored value. */
export const ACTIVITY_ACTIONS = [
  "APPLY_FOR",
  "FIND",
  "PAY_FOR",
  "PAY",
  "REPORT",
  "REGISTER_FOR",
  "RENT",
  "SIGN_UP_FOR",
  "MAPS",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Services with dedicated pages and guest routes (spec 1 §3, §4). */
export const KNOWN_ACTIVITY_IDS = { WATER_BILL: "WATER_BILL", QUICK_PERMIT: "QUICK_PERMIT" } as const;

/** CRM objects a form service can create (spec 1 §5). */
export const CRM_OBJECT_OPTIONS = [
  { value: "Test", label: "Test" },
  { value: "Case", label: "Case" },
  { value: "COE_Permit__c", label: "COE Permit" },
  { value: "Zoning_Inquiry__c", label: "Zoning Inquiry" },
] as const;

/** The description given to every service when EnablePopularServices is on (spec 1 §5). */
export const POPULAR_SERVICE_DEFAULT_DESCRIPTION = 'Press "start" to continue.';

/**
 * A stopper (issue 33): a notice on a report service that stops the report form and says what to do
 * instead (a gas smell: the gas company's emergency line; an immediate danger: 911). Plain text in
 * both languages, shown as text (phone numbers become call links), never as HTML.
 */
export interface ReportStopper {
  en: string;
  es: string;
}
export const STOPPER_MAX_LENGTH = 1000;

/** A service of the catalogue as stored in activities/{Id} and answered by the API. */
export interface Activity {
  Id: string;
  Item: string;
  Type: ActivityType;
  Action: ActivityAction;
  Description: string;
  Order: number;
  Published: boolean;
  Deleted: boolean;
  SalesforceObjectId: string | null;
  LaserficheProcessId: string | null;
  ExternalLink: string | null;
  Content: string | null;
  CalendlyLink: string | null;
  PaymentRequired: boolean;
  paymentCode: string | null;
  salesforcePaymentField: string | null;
  GuestEnabled: boolean;
  ToggleInAppBrowser: boolean;
  PopularService: boolean;
  PopularServiceIconURL: string | null;
  PopularServiceOrder: number;
  /** REPORT services only: the notice that stops the report form, or null. */
  Stopper: ReportStopper | null;
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { message: "Invalid" })
    .optional()
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null));
const url = z.url({ protocol: /^https?$/, message: "Invalid" });
const isUrl = (value: string) => url.safeParse(value).success;

const activityFields = {
  item: z.string({ message: "Required" }).trim().min(1, { message: "Required" }).max(200, { message: "Invalid" }),
  type: z.enum(ACTIVITY_TYPES, { message: "Required" }),
  action: z.enum(ACTIVITY_ACTIONS, { message: "Required" }),
  order: z.number({ message: "Required" }).int({ message: "Invalid" }).min(0, { message: "Invalid" }),
  description: optionalText(2000),
  published: z.boolean().default(false),
  calendlyLink: optionalText(500),
  paymentRequired: z.boolean().default(false),
  paymentCode: optionalText(50),
  salesforcePaymentField: optionalText(100),
  guestEnabled: z.boolean().default(false),
  popularService: z.boolean().default(false),
  popularServiceOrder: z.number().int({ message: "Invalid" }).min(0, { message: "Invalid" }).default(0),
  content: optionalText(20000),
  externalLink: optionalText(2000),
  salesforceObjectId: optionalText(100),
  laserficheProcessId: optionalText(100),
  stopperEn: optionalText(STOPPER_MAX_LENGTH),
  stopperEs: optionalText(STOPPER_MAX_LENGTH),
};

type ActivityFieldsOutput = z.infer<z.ZodObject<typeof activityFields>>;

/** The rules of spec 1 §5 that depend on the type and on EnablePopularServices. */
function checkActivity(popularServicesEnabled: boolean) {
  return (value: ActivityFieldsOutput, ctx: z.RefinementCtx) => {
    const required = (path: string) => ctx.addIssue({ code: "custom", path: [path], message: "Required" });
    const invalid = (path: string) => ctx.addIssue({ code: "custom", path: [path], message: "Invalid" });
    if (!popularServicesEnabled && !value.description) required("description");
    if (value.calendlyLink && !isUrl(value.calendlyLink)) invalid("calendlyLink");
    if (value.type === "LASERFICHE_FORM") {
      if (!value.salesforceObjectId) required("salesforceObjectId");
      else if (!CRM_OBJECT_OPTIONS.some((option) => option.value === value.salesforceObjectId))
        invalid("salesforceObjectId");
      if (!value.laserficheProcessId) required("laserficheProcessId");
    }
    if (value.type === "EXTERNAL_LINK") {
      if (!value.externalLink) required("externalLink");
      else if (!isUrl(value.externalLink)) invalid("externalLink");
    }
    if (value.type === "CONTENT" && !value.content) required("content");
    // A stopper stops a report form, so only a REPORT service has one, and it is said in both languages.
    if (value.stopperEn || value.stopperEs) {
      if (value.action !== "REPORT") {
        if (value.stopperEn) invalid("stopperEn");
        if (value.stopperEs) invalid("stopperEs");
      } else {
        if (!value.stopperEn) required("stopperEn");
        if (!value.stopperEs) required("stopperEs");
      }
    }
  };
}

/** POST /api/activities body; the same schema drives the admin form. */
export function activityCreateSchema(popularServicesEnabled: boolean) {
  return z.object(activityFields).superRefine(checkActivity(popularServicesEnabled));
}

/** PUT /api/activities/{id} body: the create fields plus deleted and toggleInAppBrowser. */
export function activityUpdateSchema(popularServicesEnabled: boolean) {
  return z
    .object({ ...activityFields, deleted: z.boolean().default(false), toggleInAppBrowser: z.boolean().default(false) })
    .superRefine(checkActivity(popularServicesEnabled));
}

export type ActivityCreateInput = z.input<ReturnType<typeof activityCreateSchema>>;
export type ActivityUpdateInput = z.input<ReturnType<typeof activityUpdateSchema>>;

/** The stored stopper of a validated form: both texts on a REPORT service, else none. */
export function stopperOf(value: {
  action: ActivityAction;
  stopperEn?: string | null;
  stopperEs?: string | null;
}): ReportStopper | null {
  return value.action === "REPORT" && value.stopperEn && value.stopperEs
    ? { en: value.stopperEn, es: value.stopperEs }
    : null;
}
