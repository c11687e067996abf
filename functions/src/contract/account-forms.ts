import { z } from "zod";

/**
 * The account forms of spec 1 §5 (address, personal info, account info step, profile) and
 * spec 2 §5 (organization form): one zod schema per form, used by react-hook-form in the
 * browser and by the API, so both refuse the same input. Messages are the spec's reasons
 * (Required, Invalid); the web shows them as ErrorValidation.<reason>.
 */

/** The 50 states plus DC (spec 1 §5). */
// biome-ignore format: a compact table
export const US_STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
  "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC",
  "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
] as const;
export type UsState = (typeof US_STATES)[number];

/** Optional leading 1, area code with or without parentheses, dashes or spaces allowed. */
export const US_PHONE_PATTERN = /^(1[\s-]?)?(\(\d{3}\)|\d{3})[\s-]?\d{3}[\s-]?\d{4}$/;
export const PHONE_INPUT_MASK = "(999) 999-9999";
export const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_LENGTH = 5;
/** Spec 1 §9: the primary property counts. */
export const MIN_PROPERTIES = 2;
/** Spec 1 §5 / §9: 100 MB, one file. */
export const PROFILE_PICTURE_MAX_BYTES = 104_857_600;
/** Spec 2 §5. */
export const ORGANIZATION_SEARCH_MIN_CHARS = 3;
export const ORGANIZATION_SEARCH_MAX_RESULTS = 7;
/** The billing system's answer to a wrong street number (spec 1 §8), passed on as the API message. */
export const STREET_NUMBER_MISMATCH = "utility-account-street-number-mismatch";

const REQUIRED = "Required";
const INVALID = "Invalid";

const trimmed = (max = 200) => z.string().trim().max(max, INVALID);
const optionalText = (max = 200) => trimmed(max).optional().default("");
const requiredText = (max = 200) => trimmed(max).min(1, REQUIRED);

/** Applies the phone mask (999) 999-9999 to whatever digits were typed. */
export function maskPhone(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Zip input is limited to 5 digits. */
export const limitZip = (value: string) => value.replace(/\D/g, "").slice(0, ZIP_LENGTH);

const phoneField = trimmed(30)
  .optional()
  .default("")
  .refine((value) => value === "" || US_PHONE_PATTERN.test(value), INVALID);

const stateField = z
  .string()
  .trim()
  .refine((value) => value === "" || (US_STATES as readonly string[]).includes(value), INVALID);

const zipField = z
  .string()
  .trim()
  .refine((value) => value === "" || ZIP_PATTERN.test(value), INVALID);

export const ZPersonalInfo = z.object({
  firstName: requiredText(80),
  lastName: requiredText(80),
  phoneNumber: phoneField,
});

const addressShape = {
  address1: optionalText(),
  address2: optionalText(),
  city: optionalText(80),
  state: stateField.optional().default(""),
  zip: zipField.optional().default(""),
};

type AddressValues = { address1: string; address2: string; city: string; state: string; zip: string };

/** Spec 1 §5: address1, city and state are required once any address field is filled. */
function requireAddressWhenAny(value: AddressValues, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  const any = [value.address1, value.address2, value.city, value.state, value.zip].some((part) => part !== "");
  if (!any) return;
  for (const field of ["address1", "city", "state"] as const) {
    if (value[field] === "") ctx.addIssue({ code: "custom", message: REQUIRED, path: [...prefix, field] });
  }
}

/** Every one of address1, city, state and zip (profile page, added properties, organizations). */
function requireFullAddress(value: AddressValues, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  for (const field of ["address1", "city", "state", "zip"] as const) {
    if (value[field] === "") ctx.addIssue({ code: "custom", message: REQUIRED, path: [...prefix, field] });
  }
}

/** Step 1, /account/create/address. */
export const ZAddressStep = ZPersonalInfo.extend(addressShape).superRefine((value, ctx) =>
  requireAddressWhenAny(value, ctx),
);
export type AddressStepInput = z.input<typeof ZAddressStep>;
export type AddressStep = z.output<typeof ZAddressStep>;

/** An added property of step 2: address1, city, state and a 5-digit zip. */
export const ZAdditionalProperty = z
  .object({ id: trimmed(64).optional().default(""), ...addressShape })
  .superRefine((value, ctx) => requireFullAddress(value, ctx));
export type AdditionalProperty = z.output<typeof ZAdditionalProperty>;

/** Step 2, /account/create/account-information. */
export const ZAccountInformation = z
  .object({
    hasUtilities: z.boolean().default(false),
    hasSeveralProperties: z.boolean().default(false),
    hasBusiness: z.boolean().default(false),
    noneOfTheAbove: z.boolean().default(false),
    utilityAccountId: optionalText(40),
    utilityStreetNumber: optionalText(20),
    additionalProperties: z.array(ZAdditionalProperty).max(50, INVALID).default([]),
  })
  .superRefine((value, ctx) => {
    const kinds = [value.hasUtilities, value.hasSeveralProperties, value.hasBusiness];
    if (!value.noneOfTheAbove && !kinds.some(Boolean)) {
      ctx.addIssue({ code: "custom", message: "AtLeastOne", path: ["noneOfTheAbove"] });
    }
    if (value.noneOfTheAbove && kinds.some(Boolean)) {
      ctx.addIssue({ code: "custom", message: "NoneIsExclusive", path: ["noneOfTheAbove"] });
    }
    if (value.hasUtilities) {
      if (!value.utilityAccountId) ctx.addIssue({ code: "custom", message: REQUIRED, path: ["utilityAccountId"] });
      else if (!/^\d{1,9}(-\d{1,9})?$/.test(value.utilityAccountId.replace(/\s+/g, ""))) {
        ctx.addIssue({ code: "custom", message: INVALID, path: ["utilityAccountId"] });
      }
      if (!value.utilityStreetNumber) {
        ctx.addIssue({ code: "custom", message: REQUIRED, path: ["utilityStreetNumber"] });
      }
    }
    // The primary address counts as one property.
    if (value.hasSeveralProperties && value.additionalProperties.length + 1 < MIN_PROPERTIES) {
      ctx.addIssue({ code: "custom", message: "MinProperties", path: ["additionalProperties"] });
    }
  });
export type AccountInformationInput = z.input<typeof ZAccountInformation>;
export type AccountInformation = z.output<typeof ZAccountInformation>;

/**
 * POST /api/salesforce/matchToSalesforceContact: steps 1 and 2 together (spec 1 §7). The
 * utility fields are empty when the user has no utility account; properties when none.
 */
export const ZMatchContactInput = ZPersonalInfo.extend({
  ...addressShape,
  utilityAccountId: optionalText(40).refine(
    (value) => value === "" || /^\d{1,9}(-\d{1,9})?$/.test(value.replace(/\s+/g, "")),
    INVALID,
  ),
  utilityStreetNumber: optionalText(20),
  additionalProperties: z.array(ZAdditionalProperty).max(50, INVALID).default([]),
}).superRefine((value, ctx) => {
  requireAddressWhenAny(value, ctx);
  if (value.utilityAccountId && !value.utilityStreetNumber) {
    ctx.addIssue({ code: "custom", message: REQUIRED, path: ["utilityStreetNumber"] });
  }
  if (!value.utilityAccountId && value.utilityStreetNumber) {
    ctx.addIssue({ code: "custom", message: REQUIRED, path: ["utilityAccountId"] });
  }
});
export type MatchContactInput = z.input<typeof ZMatchContactInput>;

/** Spec 2 §5: the add-new organization form; every field but address2 'Required', zip digits only max 5. */
export const ZOrganization = z
  .object({
    name: requiredText(120),
    taxId: optionalText(20),
    businessLicenseId: optionalText(40),
    /** Set when the organization was picked from the CRM search. */
    sfId: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{15}|[A-Za-z0-9]{18})$/, INVALID)
      .optional()
      .or(z.literal("")),
    address1: optionalText(),
    address2: optionalText(),
    city: optionalText(80),
    state: stateField.optional().default(""),
    zip: z
      .string()
      .trim()
      .max(ZIP_LENGTH, INVALID)
      .refine((value) => /^\d*$/.test(value), INVALID)
      .optional()
      .default(""),
  })
  .superRefine((value, ctx) => {
    // A search hit carries its CRM id (and name and tax id); the rest lives in the CRM already.
    if (value.sfId) return;
    for (const field of ["taxId", "businessLicenseId", "address1", "city", "state", "zip"] as const) {
      if (value[field] === "") ctx.addIssue({ code: "custom", message: REQUIRED, path: [field] });
    }
  });
export type OrganizationInput = z.input<typeof ZOrganization>;
export type Organization = z.output<typeof ZOrganization>;

/** Organizations in the step-3 list are told apart (and removed) by tax id; a hit without one by its CRM id. */
export const organizationKey = (organization: { taxId?: string; sfId?: string }) =>
  organization.taxId || organization.sfId || "";

/** POST /api/salesforce/matchOrCreateOrgsToSalesforceOrgs. */
export const ZMatchOrganizationsInput = z.object({
  organizations: z
    .array(ZOrganization)
    .min(1, REQUIRED)
    .max(20, INVALID)
    .refine((list) => new Set(list.map(organizationKey)).size === list.length, "DuplicateTaxId"),
});
export type MatchOrganizationsInput = z.input<typeof ZMatchOrganizationsInput>;

/**
 * One organization of the match answer. `Id` is null for a request to join an organization found
 * by the tax id the caller typed: until its approver lets them in, they learn nothing of it.
 */
export interface MatchedOrganization {
  Id: string | null;
  Name: string;
  Role: "member" | "approver";
  Verified: boolean;
  created: boolean;
}

/** PUT /api/users/profile and the account page's form: all four address fields Required here. */
export const ZProfileUpdate = ZPersonalInfo.extend(addressShape).superRefine((value, ctx) =>
  requireFullAddress(value, ctx),
);
export type ProfileUpdateInput = z.input<typeof ZProfileUpdate>;
export type ProfileUpdate = z.output<typeof ZProfileUpdate>;

/** PUT /api/users and PUT /api/users/profile/:id: user fields (spec 1 §7), all optional. */
export const ZUserUpdate = z
  .object({
    FirstName: requiredText(80).optional(),
    LastName: requiredText(80).optional(),
    // Not phoneField: its default ("") turned every update without a phone (the language dropdown's
    // PUT /api/users { Language }) into "clear the phone number".
    PhoneNumber: trimmed(30)
      .refine((value) => value === "" || US_PHONE_PATTERN.test(value), INVALID)
      .optional(),
    Language: z.enum(["en", "es"]).optional(),
    isLanguageOverwrittenByDropdown: z.boolean().optional(),
    forceUpdateLanguage: z.boolean().optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof ZUserUpdate>;

/** DELETE /api/users/{id} answers 403 with this message when the caller signed in too long ago. */
export const RECENT_SIGN_IN_REQUIRED = "recent-sign-in-required";
/** How recent the caller's sign-in must be to delete an account (token auth_time). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/**
 * PUT /api/users/profile/{id} (spec 3 admin user edit): the user's fields plus what only an admin
 * may change, the Admin flag and whether the account is disabled.
 */
export const ZAdminUserUpdate = ZUserUpdate.extend({
  /** The CRM contact id (15 or 18 letters and digits); only an admin sets it (admin user edit). */
  SalesforceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/, INVALID)
    .optional(),
  /** Spec 3 §5: the phone is required in the admin user edit; a sent phone may not be blank. */
  PhoneNumber: requiredText(30)
    .refine((value) => US_PHONE_PATTERN.test(value), INVALID)
    .optional(),
  Admin: z.boolean().optional(),
  /** The console role (issue 31): phone and counter service, no configuration. */
  Staff: z.boolean().optional(),
  Disabled: z.boolean().optional(),
}).strict();
export type AdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/**
 * The admin user edit form (spec 3 §5): FirstName, LastName, PhoneNumber (mask (999) 999-9999) and
 * SalesforceId each required with 'Required', and the Admin switch.
 */
export const ZAdminUserEditForm = z.object({
  FirstName: requiredText(80),
  LastName: requiredText(80),
  PhoneNumber: requiredText(30).refine((value) => US_PHONE_PATTERN.test(value), INVALID),
  SalesforceId: requiredText(18).refine((value) => /^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/.test(value), INVALID),
  Admin: z.boolean(),
  Staff: z.boolean(),
});
export type AdminUserEditFormInput = z.input<typeof ZAdminUserEditForm>;
export type AdminUserEditFormValues = z.output<typeof ZAdminUserEditForm>;

/** GET /api/salesforce/organizations?name= */
export const ZOrganizationSearchQuery = z.object({
  name: z.string().trim().min(ORGANIZATION_SEARCH_MIN_CHARS, "TooShort").max(120, INVALID),
  /**
   * CRM ids (comma-separated) of organizations already picked, left out of the (at most 7) hits.
   * Only CRM ids: excluding by tax id would confirm whose tax id it is (issue 26, finding 8).
   */
  exclude: z
    .string()
    .max(2000)
    .regex(/^([A-Za-z0-9]{15}([A-Za-z0-9]{3})?(,[A-Za-z0-9]{15}([A-Za-z0-9]{3})?)*)?$/, INVALID)
    .optional(),
});

/** A search hit: only what the picker shows. Tax ids stay on the server (a sole proprietor's may be an SSN). */
export interface OrganizationHit {
  Id: string;
  Name: string;
  BillingCity: string | null;
}

/** GET /api/salesforce/landParcelMaster query; every part optional, the user's address otherwise. */
export const ZLandParcelQuery = z.object({
  AddNum: z
    .string()
    .trim()
    .max(12)
    .regex(/^[0-9A-Za-z-]*$/, INVALID)
    .optional(),
  StName: z.string().trim().max(60).optional(),
  StType: z.string().trim().max(12).optional(),
  Postal: z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, INVALID)
    .optional(),
  UnitName: z.string().trim().max(20).optional(),
});

/** The 11 land parcel fields of spec 1 §2.5, in display order. */
export const LAND_PARCEL_FIELDS = [
  "Refuse_Pickup_Day__c",
  "Leaf_District__c",
  "Parcel_Primary_Zoning__c",
  "Parcel_Current_Land_Use__c",
  "Historic_District__c",
  "School_District__c",
  "County_Board_District__c",
  "State_Representative_District__c",
  "State_Senate_District__c",
  "U_S_Congressional_District__c",
  "Water_Billing_Cycle_Dates__c",
] as const;
export type LandParcelInfo = Record<(typeof LAND_PARCEL_FIELDS)[number], string | null>;
/** The land parcel record of spec 3 §3 (its fields and Id) with the parcel's address line (Name). */
export type LandParcelRecord = LandParcelInfo & { Id: string; Name: string };

/**
 * GET /api/salesforce/landParcelMaster/:address (spec 3 §7): an address on one line, as the map's
 * geocoder labels it ("138 Highland Ave, Elgin, Illinois, 60123") or as typed ("138 Highland Ave").
 */
export const ZLandParcelAddressParams = z.object({
  address: z
    .string()
    .trim()
    .min(3, { message: "Required" })
    .max(200, { message: "Invalid" })
    .regex(/^[0-9A-Za-z][0-9A-Za-z .,#'-]*$/, { message: "Invalid" }),
});

/** Delinquent-billing notifications a user can switch (spec 1 §2.5, behind EnableDelinquentBillingNotifications). */
export const BILLING_NOTIFICATIONS = [
  { notificationId: "pastDue", notificationName: "Past due reminder" },
  { notificationId: "shutoffWarning", notificationName: "Shut-off warning" },
  { notificationId: "finalNotice", notificationName: "Final notice" },
] as const;
export type BillingNotificationId = (typeof BILLING_NOTIFICATIONS)[number]["notificationId"];

export interface NotificationPreference {
  notificationId: string;
  notificationName: string;
  enabled: boolean;
  optedOut: boolean;
}

export const ZNotificationToggle = z.object({ enabled: z.boolean() }).strict();
