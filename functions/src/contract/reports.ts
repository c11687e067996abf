import { z } from "zod";
import type { Activity, ReportStopper } from "./activity";
import { type AssetKind, ZAssetId, ZLatLng } from "./maps";

/**
 * Problem reports (spec 3: report page, §3 report, §4 report, §5 report, §9): every report type,
 * its steps, its category option lists, and where it goes in the CRM. Labels are translation keys
 * (`Report.Types.<type>`, `Report.Fields.<field>`, `Report.Options.<field>.<value>`) in
 * web/src/locales/{en,es}.json.
 */

export const REPORT_TYPES = [
  "graffiti",
  "trees",
  "sidewalk",
  "streetlight",
  "snowIce",
  "toter",
  "missedCollection",
  "generalCollection",
  "codeViolation",
  "healthComplaint",
  "streetUtilities",
  "wasteRecyclingService",
  "pothole",
  "deadAnimal",
  "weeds",
  "abandonedVehicle",
  "leafCollectionInfo",
  "generalInformation",
  "appFeedback",
  // Not in spec 3 §3 (issue 33, stoppers): the city seeds a stopper on it, since a gas smell is the gas company's emergency.
  "gasLeak",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The report steps in their order (spec 3 §4); a type skips those it lacks. */
export const REPORT_STEPS = ["address", "category", "description", "images", "rating"] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/** Every category option list of spec 3 §3, by field. */
export const REPORT_OPTIONS = {
  offensive: ["YES", "NO"],
  graffitiLocation: [
    "PRIVATE_RESIDENCE",
    "BUSINESS",
    "STREET_OR_SIDEWALK",
    "CITY_SIGN",
    "PARK",
    "UTILITY_BOX",
    "OTHER",
  ],
  treeProblem: ["TREE_OR_BRANCH_DOWN", "TREE_TRIMMING", "DEAD_DECAYING_TREE"],
  sidewalkProblem: ["CRACKED", "UNEVEN", "OTHER"],
  poleType: ["METAL", "WOODEN"],
  streetlightProblem: [
    "LIGHT_BURNED_OUT",
    "LIGHT_ALWAYS_ON",
    "SERIES_OF_LIGHTS_WITHOUT_POWER",
    "LIGHT_GLASS_BROKEN_OUT",
    "LIGHT_FLICKERS",
    "OTHER",
  ],
  streetType: ["ALLEY", "COURT", "CITY_STREET", "CUL_DE_SAC"],
  toterType: ["REFUSE", "RECYCLING"],
  toterSize: ["GALLON_35", "GALLON_35_SENIOR", "GALLON_64"],
  collectionType: ["REFUSE", "RECYCLING", "YARD_WASTE", "ORGANICS", "CHRISTMAS_TREE"],
  collectionItem: ["BULK_ITEM", "APPLIANCE", "TIRES"],
  propertyType: ["RESIDENTIAL", "COMMERCIAL"],
  violationNature: [
    "STORAGE_OF_JUNK",
    "ABANDONED_BUILDING",
    "ACCESSORY_STRUCTURES",
    "CARS_ON_GRASS",
    "DUMPSTERS",
    "FENCES",
    "GARAGE_SALES",
    "HOME_OCCUPATION",
    "INOPERABLE_VEHICLES",
    "OCCUPANCY",
    "OUTDOOR_STORAGE",
    "PEELING_PAINT",
    "ROOFS_AND_GUTTERS",
    "SIGNS",
    "TALL_GRASS",
    "TRASH_AND_DEBRIS",
    "WINDOWS_DOORS",
  ],
  healthComplaintType: [
    "AIR_POLLUTION",
    "FOOD",
    "INSECTS_AND_RODENTS",
    "MOLD",
    "NOISE",
    "ODOR",
    "POOLS",
    "SEWAGE",
    "SMOKING",
    "STAGNANT_WATER",
    "TRASH",
    "WELL_AND_SEPTIC",
  ],
  utilityProblem: [
    "STORM_DRAIN_MAINTENANCE",
    "STREET_FLOODING",
    "DAMAGED_FIRE_HYDRANT",
    "STREET_SIGN",
    "STOP_SIGN",
    "OTHER",
  ],
  wasteService: ["GENERAL_INFORMATION", "PERFORMANCE_COMPLAINT", "MISSED_COLLECTION", "ORGANICS", "REPAIR_REPLACEMENT"],
  container: ["GALLON_35", "GALLON_64"],
} as const satisfies Record<string, readonly string[]>;
export type ReportField = keyof typeof REPORT_OPTIONS;

/** The waste-service choices that need a container (spec 3 §5: the last three of the list). */
export const CONTAINER_REQUIRED_FOR: readonly string[] = ["MISSED_COLLECTION", "ORGANICS", "REPAIR_REPLACEMENT"];

/**
 * Fields that take several options at once, stored as the options joined by ";" (the CRM's
 * multi-select format): a missed collection can be refuse and recycling both. Open311 offers them
 * as multivaluelist attributes (issue 30); the web form still picks one.
 */
export const REPORT_MULTI_FIELDS: readonly ReportField[] = ["collectionType"];
export const REPORT_MULTI_SEPARATOR = ";";

/** Whether a category field must be answered, given the answers so far. */
export function isFieldRequired(field: ReportField, details: Record<string, string | undefined>): boolean {
  if (field === "container") return CONTAINER_REQUIRED_FOR.includes(details.wasteService ?? "");
  return true;
}

export interface ReportTypeDefinition {
  /** The category fields of the second step, in order (none: the step is skipped). */
  fields: readonly ReportField[];
  /** An address is asked for (and required); false for the types exempt from it. */
  address: boolean;
  /** Photos may be added. */
  images: boolean;
  /** A 1 to 5 rating is asked for (app feedback only). */
  rating: boolean;
  /** The CRM's record type and service request type of the case it becomes (configuration). */
  crm: { recordType: string; serviceRequestType: string };
  /** Catalogue item names (`/report?item=`) that mean this type, besides the type's own key. */
  items: readonly string[];
}

const problem = (
  fields: readonly ReportField[],
  crm: ReportTypeDefinition["crm"],
  items: readonly string[],
  overrides: Partial<ReportTypeDefinition> = {},
): ReportTypeDefinition => ({ fields, address: true, images: true, rating: false, crm, items, ...overrides });

/**
 * Every report type: its steps and the CRM mapping. The one place the type-to-CRM mapping lives;
 * the values are the city's record type developer names and service request type picklist values.
 */
export const REPORT_TYPE_DEFINITIONS: Record<ReportType, ReportTypeDefinition> = {
  graffiti: problem(
    ["offensive", "graffitiLocation"],
    { recordType: "Public_Works", serviceRequestType: "Graffiti Removal" },
    ["Graffiti"],
  ),
  trees: problem(["treeProblem"], { recordType: "Forestry", serviceRequestType: "Tree Service" }, ["Trees", "Tree"]),
  sidewalk: problem(["sidewalkProblem"], { recordType: "Public_Works", serviceRequestType: "Sidewalk Repair" }, [
    "Sidewalk",
  ]),
  streetlight: problem(
    ["poleType", "streetlightProblem"],
    { recordType: "Public_Works", serviceRequestType: "Streetlight Repair" },
    ["Streetlight", "Streetlight Out", "Street Light"],
  ),
  snowIce: problem(["streetType"], { recordType: "Public_Works", serviceRequestType: "Snow and Ice" }, [
    "Snow/Ice",
    "Snow and Ice",
  ]),
  toter: problem(["toterType", "toterSize"], { recordType: "Sanitation", serviceRequestType: "Toter Request" }, [
    "Toter",
  ]),
  missedCollection: problem(["collectionType"], { recordType: "Sanitation", serviceRequestType: "Missed Collection" }, [
    "Missed Collection",
  ]),
  generalCollection: problem(
    ["collectionItem"],
    { recordType: "Sanitation", serviceRequestType: "Special Collection" },
    ["General Collection", "Special Collection", "Bulk Item"],
  ),
  codeViolation: problem(
    ["propertyType", "violationNature"],
    { recordType: "Code_Enforcement", serviceRequestType: "Code Violation" },
    ["Code Violation"],
  ),
  healthComplaint: problem(
    ["propertyType", "healthComplaintType"],
    { recordType: "Code_Enforcement", serviceRequestType: "Health Complaint" },
    ["Health Complaint"],
  ),
  streetUtilities: problem(["utilityProblem"], { recordType: "Public_Works", serviceRequestType: "Street Utilities" }, [
    "Street Utilities",
  ]),
  wasteRecyclingService: problem(
    ["wasteService", "container"],
    { recordType: "Sanitation", serviceRequestType: "Waste Recycling Service" },
    ["Waste Recycling Service", "Waste and Recycling"],
  ),
  pothole: problem([], { recordType: "Public_Works", serviceRequestType: "Pothole Repair" }, ["Pothole"]),
  deadAnimal: problem([], { recordType: "Public_Works", serviceRequestType: "Dead Animal Removal" }, ["Dead Animal"], {
    images: false,
  }),
  weeds: problem([], { recordType: "Code_Enforcement", serviceRequestType: "Weeds" }, ["Weeds"]),
  // "Information only" (spec 3 §3): no category step. Photos are taken as for any type; only dead animal takes none.
  abandonedVehicle: problem([], { recordType: "Police_Non_Emergency", serviceRequestType: "Abandoned Vehicle" }, [
    "Abandoned Vehicle",
  ]),
  leafCollectionInfo: problem(
    [],
    { recordType: "Sanitation", serviceRequestType: "Leaf Collection Information" },
    ["Leaf Collection", "Leaf Collection Info"],
    { address: false },
  ),
  generalInformation: problem(
    [],
    { recordType: "General_Inquiry", serviceRequestType: "General Information" },
    ["General Information"],
    { address: false },
  ),
  appFeedback: problem(
    [],
    { recordType: "General_Inquiry", serviceRequestType: "App Feedback" },
    ["App Feedback", "Feedback"],
    { address: false, rating: true },
  ),
  gasLeak: problem([], { recordType: "Public_Works", serviceRequestType: "Gas Odor" }, [
    "Gas Smell",
    "Gas Leak",
    "Gas Odor",
  ]),
};

/** The steps of a type, in order, without those it lacks. */
export function reportSteps(type: ReportType): ReportStep[] {
  const definition = REPORT_TYPE_DEFINITIONS[type];
  return REPORT_STEPS.filter((step) => {
    if (step === "address") return definition.address;
    if (step === "category") return definition.fields.length > 0;
    if (step === "images") return definition.images;
    if (step === "rating") return definition.rating;
    return true;
  });
}

/**
 * The kind of city asset a report names (issue 33, "the exact asset"), or null: a streetlight
 * report names its pole; a street-utilities report about a hydrant or a sign names that one.
 */
export function assetKindOf(type: ReportType, details: Record<string, string | undefined>): AssetKind | null {
  if (type === "streetlight") return "streetlight";
  if (type !== "streetUtilities") return null;
  const problem = details.utilityProblem;
  if (problem === "DAMAGED_FIRE_HYDRANT") return "hydrant";
  if (problem === "STREET_SIGN" || problem === "STOP_SIGN") return "sign";
  return null;
}

/**
 * The stopper a report meets (issue 33), or null: the one on the catalogue's REPORT service the
 * resident came from, or on any published REPORT service of the same type (a type is stopped however
 * it is reached: /report?item=, the console, Open311). The browser and the API decide with this.
 */
export function reportStopperOf(
  type: ReportType,
  activityId: string | null | undefined,
  services: readonly Pick<Activity, "Id" | "Item" | "Action" | "Published" | "Deleted" | "Stopper">[],
): ReportStopper | null {
  for (const service of services) {
    if (!service.Stopper || service.Action !== "REPORT" || !service.Published || service.Deleted) continue;
    if (service.Id === activityId || reportTypeOf(service.Item) === type) return service.Stopper;
  }
  return null;
}

/** The report types that can name an asset (assetKindOf): Open311 offers them the `asset_id` attribute. */
export const REPORT_TYPES_WITH_ASSETS: readonly ReportType[] = ["streetlight", "streetUtilities"];

const itemKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The report type a `/report?item=` names (its key or a catalogue item name), or null: 'report type not found'. */
export function reportTypeOf(item: string | null | undefined): ReportType | null {
  if (!item) return null;
  const wanted = itemKey(item);
  for (const type of REPORT_TYPES) {
    if (itemKey(type) === wanted) return type;
    if (REPORT_TYPE_DEFINITIONS[type].items.some((name) => itemKey(name) === wanted)) return type;
  }
  return null;
}

/** Photos of one report, together at most 10485760 bytes (spec 3 §9); beyond it the answer is 413. */
export const REPORT_PHOTOS_MAX_BYTES = 10_485_760;
/**
 * Not in the spec (its one limit is the 10 MB total): each photo is decoded and re-encoded in the
 * reports function (256 MiB) and becomes one CRM file (an API call against the city's daily
 * limit), so a 10 MB body of hundreds of tiny images is refused. README "Problem report photos".
 */
export const REPORT_PHOTOS_MAX_COUNT = 10;
/** Stored photos are shrunk to fit this many pixels on their longer side. */
export const REPORT_PHOTO_MAX_PIXELS = 2048;
export const REPORT_RATING_MIN = 1;
export const REPORT_RATING_MAX = 5;
export const REPORT_DESCRIPTION_MAX = 4000;

const ZAddress = z.object({
  address: z.string().trim().min(1, { message: "Required" }).max(200, { message: "Invalid" }),
  location: z.object({
    lat: z.number().min(-90, { message: "Invalid" }).max(90, { message: "Invalid" }),
    lng: z.number().min(-180, { message: "Invalid" }).max(180, { message: "Invalid" }),
  }),
});

/**
 * The `reportData` part of POST /api/reports. `id` is made by the browser once per report, so a
 * repeated submit (a retry after a lost answer) never files a second case.
 */
export const ZReportData = z
  .object({
    id: z.uuid({ message: "Invalid" }),
    type: z.enum(REPORT_TYPES, { message: "Invalid" }),
    activityId: z
      .string()
      .max(100, { message: "Invalid" })
      .regex(/^[A-Za-z0-9_-]*$/, { message: "Invalid" })
      .nullish(),
    /**
     * The translation key of the report's name as the resident saw it (spec 3 §3), e.g.
     * `Report.Types.pothole`: the admin user view shows the action in the viewer's language.
     */
    activityLanguageKey: z
      .string()
      .max(200, { message: "Invalid" })
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { message: "Invalid" })
      .nullish(),
    address: ZAddress.nullish(),
    /** The asset the resident picked from the nearest list (assetKindOf); none when they could not tell. */
    assetId: ZAssetId.nullish(),
    details: z.record(z.string().max(40), z.string().max(200)).default({}),
    description: z.string().trim().min(1, { message: "Required" }).max(REPORT_DESCRIPTION_MAX, { message: "Invalid" }),
    extraDescription: z.string().trim().max(REPORT_DESCRIPTION_MAX, { message: "Invalid" }).nullish(),
    rating: z
      .number()
      .int({ message: "Invalid" })
      .min(REPORT_RATING_MIN, { message: "Invalid" })
      .max(REPORT_RATING_MAX, { message: "Invalid" })
      .nullish(),
  })
  .superRefine((report, ctx) => {
    const definition = REPORT_TYPE_DEFINITIONS[report.type];
    if (definition.address && !report.address) ctx.addIssue({ code: "custom", path: ["address"], message: "Required" });
    if (report.assetId && (!report.address || !assetKindOf(report.type, report.details)))
      ctx.addIssue({ code: "custom", path: ["assetId"], message: "Invalid" });
    if (definition.rating && !report.rating) ctx.addIssue({ code: "custom", path: ["rating"], message: "Required" });
    for (const field of definition.fields) {
      const value = report.details[field];
      if (!value) {
        if (isFieldRequired(field, report.details))
          ctx.addIssue({ code: "custom", path: ["details", field], message: "Required" });
      } else {
        const options = REPORT_OPTIONS[field] as readonly string[];
        const values = REPORT_MULTI_FIELDS.includes(field) ? value.split(REPORT_MULTI_SEPARATOR) : [value];
        const valid = values.every((one) => options.includes(one)) && new Set(values).size === values.length;
        if (!valid) ctx.addIssue({ code: "custom", path: ["details", field], message: "Invalid" });
      }
    }
    for (const field of Object.keys(report.details)) {
      if (!(definition.fields as readonly string[]).includes(field))
        ctx.addIssue({ code: "custom", path: ["details", field], message: "Invalid" });
    }
  });
export type ReportData = z.output<typeof ZReportData>;

/** The answer of POST /api/reports: filed with its case number, or received (the number comes by message). */
export type ReportResult = { id: string; status: "filed"; caseNumber: string } | { id: string; status: "received" };

// --- "Already reported?" and "me too" (issue 15) ---
/** Open cases of the same type this close to the chosen place are offered as "me too". */
export const NEARBY_RADIUS_METERS = 250;
export const NEARBY_MAX = 5;

/** GET /api/reports/nearby?type=&lat=&lng= */
export const ZNearbyReportsQuery = ZLatLng.extend({ type: z.enum(REPORT_TYPES, { message: "Invalid" }) });

/** An open case near the chosen place: no personal data, only what tells residents it is theirs. */
export interface NearbyCase {
  caseId: string;
  caseNumber: string;
  status: string;
  distanceMeters: number;
  /** How many residents reported it: whoever filed it and everyone who said "me too". */
  reporters: number;
  /**
   * Its photos' public addresses (issue 31): each original, or its blurred copy once staff redacted it.
   * A report staff marked private is not listed at all.
   */
  photos: string[];
}

/** POST /api/reports/:caseId/me-too */
export const ZMeTooParams = z.object({
  caseId: z.string().regex(/^[A-Za-z0-9]{15,18}$/, { message: "Invalid" }),
});
export interface MeTooResult {
  caseId: string;
  caseNumber: string;
  reporters: number;
}

/**
 * GET /api/reports/:caseId (issue 33): a problem report's case as anyone may see it (Open311 tells the
 * same facts), so a resident can follow it from a link. Only its public facts: never the reporter, the
 * description or the contact; a report staff marked private is not found.
 */
export interface PublicReportCase {
  caseId: string;
  caseNumber: string;
  /** The portal's report type of its CRM service request type. */
  type: ReportType;
  status: string;
  closed: boolean;
  address: string | null;
  /** Public photo addresses, as the nearby list names them (the blurred copy once redacted). */
  photos: string[];
  /** Whoever filed it and everyone who follows it. */
  reporters: number;
  /** Whether the caller follows it (false for a signed-out visitor). */
  following: boolean;
  /** Whether the caller filed it (her own case page, /activity-view/Case/:id, shows more; false signed out). */
  mine: boolean;
}

/**
 * What an in-app message to a follower is about (issue 33): the messages page opens the case's public
 * page (/reports/:caseId), not the case page, which is the filer's (a Case there would be a 404 to her).
 */
export const FOLLOWED_CASE = "FollowedCase";

/** DELETE /api/reports/:caseId/me-too: the caller no longer follows the case. */
export interface UnfollowResult {
  caseId: string;
  following: false;
  reporters: number;
}
