import { describe, expect, it } from "vitest";
import {
  REPORT_OPTIONS,
  REPORT_TYPE_DEFINITIONS,
  REPORT_TYPES,
  reportSteps,
  reportStopperOf,
  reportTypeOf,
  ZReportData,
} from "./reports";

const base = {
  id: "6f1c2a4e-8b1d-4c7e-9a3f-2d5e6b7c8d9e",
  description: "A deep pothole in the eastbound lane.",
  address: { address: "138 Highland Ave", location: { lat: 42.04, lng: -88.29 } },
};

describe("report types (spec 3 §3, §4, §5)", () => {
  it("has every type of the spec, each with a CRM record type and service request type", () => {
    // The spec's 19, and the gas smell that issue 33's stoppers added.
    expect(REPORT_TYPES.filter((type) => type !== "gasLeak")).toHaveLength(19);
    for (const type of REPORT_TYPES) {
      expect(REPORT_TYPE_DEFINITIONS[type].crm.recordType, type).toMatch(/^\w+$/);
      expect(REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType, type).not.toBe("");
    }
    expect(REPORT_OPTIONS.violationNature).toHaveLength(17);
    expect(REPORT_OPTIONS.healthComplaintType).toHaveLength(12);
  });

  it("orders the steps and skips those a type lacks", () => {
    expect(reportSteps("graffiti")).toEqual(["address", "category", "description", "images"]);
    expect(reportSteps("pothole")).toEqual(["address", "description", "images"]);
    expect(reportSteps("deadAnimal")).toEqual(["address", "description"]);
    expect(reportSteps("appFeedback")).toEqual(["description", "images", "rating"]);
    // Only dead animal takes no images (spec 3 §3, §5).
    expect(REPORT_TYPES.filter((type) => !REPORT_TYPE_DEFINITIONS[type].images)).toEqual(["deadAnimal"]);
  });

  it("finds the type from its key or a catalogue item name; unknown names are null", () => {
    expect(reportTypeOf("Pothole")).toBe("pothole");
    expect(reportTypeOf("Streetlight Out")).toBe("streetlight");
    expect(reportTypeOf("missedCollection")).toBe("missedCollection");
    expect(reportTypeOf("Spaceship")).toBeNull();
    expect(reportTypeOf(null)).toBeNull();
  });

  it("requires the address, the category answers, the container for three waste services, and the rating", () => {
    expect(ZReportData.safeParse({ ...base, type: "pothole" }).success).toBe(true);
    expect(ZReportData.safeParse({ ...base, type: "pothole", address: null }).success).toBe(false);
    expect(ZReportData.safeParse({ ...base, type: "graffiti", details: { offensive: "YES" } }).success).toBe(false);
    expect(
      ZReportData.safeParse({ ...base, type: "graffiti", details: { offensive: "YES", graffitiLocation: "PARK" } })
        .success,
    ).toBe(true);
    const waste = (details: Record<string, string>) =>
      ZReportData.safeParse({ ...base, type: "wasteRecyclingService", details }).success;
    expect(waste({ wasteService: "GENERAL_INFORMATION" })).toBe(true);
    expect(waste({ wasteService: "ORGANICS" })).toBe(false);
    expect(waste({ wasteService: "ORGANICS", container: "GALLON_64" })).toBe(true);
    expect(waste({ wasteService: "ORGANICS", container: "GALLON_99" })).toBe(false);
    const feedback = (rating: unknown) =>
      ZReportData.safeParse({ ...base, address: null, type: "appFeedback", rating }).success;
    expect(feedback(undefined)).toBe(false);
    expect(feedback(6)).toBe(false);
    expect(feedback(5)).toBe(true);
  });

  it("takes several options of a multi-select field joined by ';', each an option and none twice", () => {
    const missed = (collectionType: string) =>
      ZReportData.safeParse({ ...base, type: "missedCollection", details: { collectionType } }).success;
    expect(missed("REFUSE")).toBe(true);
    expect(missed("REFUSE;RECYCLING")).toBe(true);
    expect(missed("REFUSE;REFUSE")).toBe(false);
    expect(missed("REFUSE;TIRES")).toBe(false);
    // A single-select field keeps one value.
    expect(
      ZReportData.safeParse({ ...base, type: "graffiti", details: { offensive: "YES;NO", graffitiLocation: "PARK" } })
        .success,
    ).toBe(false);
  });

  it("takes the report's activityLanguageKey (spec 3 §3, P19) and extraDescription (P20)", () => {
    const report = {
      ...base,
      type: "pothole",
      activityLanguageKey: "Report.Types.pothole",
      extraDescription: "Since Monday.",
    };
    const parsed = ZReportData.safeParse(report);
    expect(parsed.success && parsed.data.activityLanguageKey).toBe("Report.Types.pothole");
    expect(parsed.success && parsed.data.extraDescription).toBe("Since Monday.");
    expect(ZReportData.safeParse({ ...report, activityLanguageKey: "<b>x</b>" }).success).toBe(false);
    expect(ZReportData.safeParse({ ...report, extraDescription: "x".repeat(4001) }).success).toBe(false);
    expect(ZReportData.safeParse({ ...base, type: "pothole", description: " " }).success).toBe(false);
  });

  it("spells the streetlight problems and the collection codes as the spec does", () => {
    expect(REPORT_OPTIONS.streetlightProblem).toEqual([
      "LIGHT_BURNED_OUT",
      "LIGHT_ALWAYS_ON",
      "SERIES_OF_LIGHTS_WITHOUT_POWER",
      "LIGHT_GLASS_BROKEN_OUT",
      "LIGHT_FLICKERS",
      "OTHER",
    ]);
    expect(REPORT_OPTIONS.poleType).toEqual(["METAL", "WOODEN"]);
    expect(REPORT_OPTIONS.collectionType).toEqual(["REFUSE", "RECYCLING", "YARD_WASTE", "ORGANICS", "CHRISTMAS_TREE"]);
    expect(REPORT_OPTIONS.collectionItem).toEqual(["BULK_ITEM", "APPLIANCE", "TIRES"]);
  });

  it("requires the description with 'Required' (spec 3 §5, P10)", () => {
    const issue = (description: unknown) => {
      const parsed = ZReportData.safeParse({ ...base, type: "pothole", description });
      return parsed.success ? null : parsed.error.issues.find((entry) => entry.path[0] === "description")?.message;
    };
    expect(issue("")).toBe("Required");
    expect(issue("   ")).toBe("Required");
    expect(issue(undefined)).toBeTruthy();
    expect(issue("A deep pothole.")).toBeNull();
  });
});

describe("stoppers (issue 33)", () => {
  const stopper = { en: "Call Nicor Gas at 1-888-642-6748.", es: "Llame a Nicor Gas al 1-888-642-6748." };
  const service = {
    Id: "svc-report-gas",
    Item: "Gas Smell",
    Action: "REPORT",
    Published: true,
    Deleted: false,
  } as const;
  const pothole = { ...service, Id: "svc-report-pothole", Item: "Pothole", Stopper: null };

  it("stops a type by its catalogue service, reached by the service's id or by the type alone", () => {
    const catalogue = [pothole, { ...service, Stopper: stopper }];
    expect(reportTypeOf("Gas Smell")).toBe("gasLeak");
    expect(reportStopperOf("gasLeak", "svc-report-gas", catalogue)).toEqual(stopper);
    expect(reportStopperOf("gasLeak", null, catalogue)).toEqual(stopper);
    // A report that names the stopped service stops whatever type it claims.
    expect(reportStopperOf("pothole", "svc-report-gas", catalogue)).toEqual(stopper);
    expect(reportStopperOf("pothole", "svc-report-pothole", catalogue)).toBeNull();
  });

  it("ignores the stopper of a service that is unpublished, deleted or not a report", () => {
    for (const change of [{ Published: false }, { Deleted: true }, { Action: "FIND" as const }]) {
      expect(reportStopperOf("gasLeak", "svc-report-gas", [{ ...service, ...change, Stopper: stopper }])).toBeNull();
    }
    expect(reportStopperOf("gasLeak", "svc-report-gas", [{ ...service, Stopper: null }])).toBeNull();
  });
});
