import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_LAYERS_MAX_SCALE,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_ZOOM_DEBOUNCE_MS,
  MAP_ZOOM_NOTICE_BELOW,
  mapLayersVisible,
  mapScaleAt,
  REPORT_MARKER_DEFAULT,
} from "@contract/maps";
import { PERMIT_OPTIONS } from "@contract/permit-selection";
import { REPORT_OPTIONS, REPORT_TYPE_DEFINITIONS } from "@contract/reports";
import { describe, expect, it } from "vitest";
import en from "../en.json";
import es from "../es.json";

// Spec 3 items the audit (shared/audits/spec-3-items.md) found built but untested: each asserts the spec's value.
describe("the map (spec 3 §8, §9: audit items T11-T15)", () => {
  it("centres on about 42.04, -88.28, the report marker on about 42.04, -88.29 (T11)", () => {
    expect(MAP_DEFAULT_CENTER).toEqual({ lat: 42.04, lng: -88.28 });
    expect(REPORT_MARKER_DEFAULT).toEqual({ lat: 42.04, lng: -88.29 });
  });

  it("opens at zoom 17 within 10 to 21; the zoom notice shows under 17; zoom reports wait 300 ms (T12, T14, T15)", () => {
    expect([MAP_DEFAULT_ZOOM, MAP_MIN_ZOOM, MAP_MAX_ZOOM]).toEqual([17, 10, 21]);
    expect(MAP_ZOOM_NOTICE_BELOW).toBe(17);
    expect(MAP_ZOOM_DEBOUNCE_MS).toBe(300);
    expect(en.Map.ZoomNotice).toBe("Zoom in to see the parcels and addresses.");
    expect(es.Map.ZoomNotice).not.toBe("");
  });

  it("draws the parcel and address layers only below scale 1:8,500 (T13)", () => {
    expect(MAP_LAYERS_MAX_SCALE).toBe(8500);
    // At Elgin's latitude zoom 16 is about 1:6,700 and zoom 15 about 1:13,400 (ArcGIS's 96 dpi scale).
    expect(Math.round(mapScaleAt(16, 42.04))).toBeGreaterThan(6000);
    expect(mapScaleAt(16, 42.04)).toBeLessThan(8500);
    expect(mapScaleAt(15, 42.04)).toBeGreaterThan(8500);
    expect(mapLayersVisible(MAP_DEFAULT_ZOOM, 42.04)).toBe(true);
    expect(mapLayersVisible(16, 42.04)).toBe(true);
    expect(mapLayersVisible(15, 42.04)).toBe(false);
    // Zoom 0 on the equator is ArcGIS's 1:591,657,528 (to a few parts in a million).
    expect(Math.abs(mapScaleAt(0, 0) / 591_657_528 - 1)).toBeLessThan(1e-5);
  });

  it("says 'Could not load map' when the map cannot load (spec 3 §8)", () => {
    expect(en.Map.CouldNotLoad).toBe("Could not load map");
    expect(es.Map.CouldNotLoad).not.toBe(en.Map.CouldNotLoad);
  });
});

describe("permit selection (spec 3 §3: audit item S06)", () => {
  it("offers the spec's 18 permit options in its order, each labelled in both languages", () => {
    expect(PERMIT_OPTIONS).toEqual([
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
    ]);
    for (const option of PERMIT_OPTIONS) {
      expect(en.PermitSelection.Options[option], option).toMatch(/\w{3}/);
      expect(es.PermitSelection.Options[option], option).toMatch(/\w{3}/);
      expect(es.PermitSelection.Options[option], option).not.toBe(en.PermitSelection.Options[option]);
    }
  });
});

describe("report category options (spec 3 §3: audit items O02-O08, O11)", () => {
  // Spec 3 §3's category option lists (audit items O02-O08, O11), each with the English label the spec names.
  it.each([
    ["trees", ["treeProblem"], { treeProblem: ["Tree or branch down", "Tree trimming", "Dead or decaying tree"] }],
    ["sidewalk", ["sidewalkProblem"], { sidewalkProblem: ["Cracked", "Uneven", "Other"] }],
    [
      "streetlight",
      ["poleType", "streetlightProblem"],
      {
        poleType: ["Metal", "Wooden"],
        streetlightProblem: [
          "Light burned out",
          "Light always on",
          "Several lights without power",
          "Light glass broken out",
          "Light flickers",
          "Other",
        ],
      },
    ],
    ["snowIce", ["streetType"], { streetType: ["Alley", "Court", "City street", "Cul-de-sac"] }],
    [
      "toter",
      ["toterType", "toterSize"],
      { toterType: ["Refuse (garbage)", "Recycling"], toterSize: ["35 gallon", "35 gallon, senior rate", "64 gallon"] },
    ],
    [
      "missedCollection",
      ["collectionType"],
      { collectionType: ["Refuse (garbage)", "Recycling", "Yard waste", "Organics", "Christmas tree"] },
    ],
    ["generalCollection", ["collectionItem"], { collectionItem: ["Bulk item", "Appliance", "Tires"] }],
    [
      "streetUtilities",
      ["utilityProblem"],
      {
        utilityProblem: [
          "Storm drain maintenance",
          "Street flooding",
          "Damaged fire hydrant",
          "Street sign",
          "Stop sign",
          "Other",
        ],
      },
    ],
  ] as const)("%s asks %j with the spec's options", (type, fields, labels) => {
    expect(REPORT_TYPE_DEFINITIONS[type].fields).toEqual(fields);
    const options = en.Report.Options as Record<string, Record<string, string>>;
    for (const [field, expected] of Object.entries(labels)) {
      const values = REPORT_OPTIONS[field as keyof typeof REPORT_OPTIONS];
      expect(
        values.map((value) => options[field]?.[value]),
        field,
      ).toEqual(expected);
      expect(
        values.every((value) => Boolean((es.Report.Options as typeof options)[field]?.[value])),
        field,
      ).toBe(true);
    }
  });
});
