import { z } from "zod";

/**
 * Permit selection (spec 3 §2 "Permit selection page", §3 "Permit form") and where it leads.
 * The catalogue ids below are the configuration: the Quick Permit form's process id and payment
 * code are the QUICK_PERMIT service's LaserficheProcessId and paymentCode, so staff change them
 * in the service catalogue, not in code.
 */
export const SERVICE_FORM_ACTIVITY_IDS = {
  /** The catalogue service permit selection reads (spec 3 §7 GET /activities/{otherPermitId}). */
  otherPermit: "QUICK_PERMIT",
  /** The zoning inquiry service: its id is the zoning page's activityId. */
  zoningInquiry: "ZONING_INQUIRY",
  businessApplication: "BUSINESS_APPLICATION",
} as const;

/** The title the Quick Permit form opens with (spec 3 §2). */
export const QUICK_PERMIT_FORM_TITLE = "Quick Permit";

export const PROPERTY_TYPES = [
  "NewSingleFamilyHome",
  "NewCommercialIndustrial",
  "SingleFamilyHomeOwner",
  "SingleFamilyHomeNotOwner",
  "MultiFamily",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** A new commercial or industrial property starts with a zoning inquiry instead of a permit form. */
export const ZONING_FIRST_PROPERTY_TYPES: readonly PropertyType[] = ["NewCommercialIndustrial"];

export const PERMIT_OPTIONS = [
  "BuildingShed",
  "PuttingUpFence",
  "InstallingHotTub",
  "RepairReplaceRoof",
  "ReplaceFurnace",
  "ReplaceWaterHeater",
  "InstallResidentialDriveway",
  "InstallAboveGroundPool",
  "ReplaceWindow",
  "InstallPatio",
  "InstallDeckUnder4Feet",
  "RepairReplaceSiding",
  "InstallPrivateSidewalk",
  "MinorHVACWork",
  "MinorElectricalWork",
  "MinorPlumbingWork",
  "RemodelingStructure",
  "Other",
] as const;
export type PermitOption = (typeof PERMIT_OPTIONS)[number];

export const needsZoningFirst = (propertyType: PropertyType | undefined) =>
  propertyType !== undefined && ZONING_FIRST_PROPERTY_TYPES.includes(propertyType);

/** The page's form: a property type, and at least one kind of work unless zoning comes first. */
export const ZPermitSelection = z
  .object({
    propertyType: z.enum(PROPERTY_TYPES, { message: "Required" }),
    permits: z.array(z.enum(PERMIT_OPTIONS)).catch([]),
  })
  .superRefine((value, ctx) => {
    if (!needsZoningFirst(value.propertyType) && value.permits.length === 0) {
      ctx.addIssue({ code: "custom", path: ["permits"], message: "Required" });
    }
  });
export type PermitSelection = z.output<typeof ZPermitSelection>;
