import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { cityAssets } from "../../emulators/src/seed/gis.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import type { ActivityDetail } from "../../functions/src/contract/activity-detail.ts";
import {
  ASSET_NEAREST_MAX,
  ASSET_NEAREST_RADIUS_METERS,
  type CityAsset,
  distanceMeters,
} from "../../functions/src/contract/maps.ts";
import { OPEN311_SEEDED_DEMO_KEY } from "../../functions/src/contract/open311-keys.ts";
import { callApi } from "../kit/api.ts";
import { stackCrm } from "../kit/identity.ts";
import { open311Get, open311Post, open311Validators } from "../kit/open311.ts";
import { principal } from "../kit/principals.ts";
import { postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 33, "the exact asset": the GIS sandbox's asset layer (streetlights, hydrants, signs) through
 * the one GIS connector, the nearest list the report form offers, and the picked id on the CRM case.
 */

const place = SEEDED_REPORT_PLACE;
const resident = async () => (await principal("resident")).idToken as string;
const nearestPath = (kind: string, lat: number, lng: number) => `/api/maps/assets?kind=${kind}&lat=${lat}&lng=${lng}`;

/** The seeded assets of a type within 150 m of the place, nearest first: what the list must show. */
const seededNear = (type: string) =>
  cityAssets()
    .filter((asset) => asset.type === type)
    .map((asset) => ({
      id: asset.id,
      distance: distanceMeters(place.location, { lat: asset.point[1], lng: asset.point[0] }),
    }))
    .filter((asset) => asset.distance <= ASSET_NEAREST_RADIUS_METERS)
    .sort((a, b) => a.distance - b.distance);

const streetlightReport = (assetId: string | null) => ({
  id: randomUUID(),
  type: "streetlight",
  activityId: "svc-report-streetlight",
  address: place,
  assetId,
  details: { poleType: "METAL", streetlightProblem: "LIGHT_BURNED_OUT" },
  description: "The light on this pole has been out for a week.",
});

const caseOf = async (reportId: string) =>
  stackCrm().query<{ Id: string; Asset_Id__c: string | null; Description: string }>(
    soql`SELECT Id, Asset_Id__c, Description FROM Case WHERE Portal_Report_Id__c = ${reportId}`,
  );

describe("the city's assets near a place (GET /api/maps/assets)", () => {
  it("lists the seeded streetlights within 150 m of 138 Highland Ave, nearest first, at most 5, with their street", async () => {
    const token = await resident();
    const answer = await callApi<{ assets: CityAsset[] }>(
      "GET",
      nearestPath("streetlight", place.location.lat, place.location.lng),
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = seededNear("STREETLIGHT").slice(0, ASSET_NEAREST_MAX);
    expect(expected.length).toBe(ASSET_NEAREST_MAX);
    expect(answer.body.assets.map((asset) => asset.id)).toEqual(expected.map((asset) => asset.id));
    expect(answer.body.assets.map((asset) => asset.distanceMeters)).toEqual(
      expected.map((asset) => Math.round(asset.distance)),
    );
    // The pole in front of the house, on its street, a few metres away.
    expect(answer.body.assets[0]).toMatchObject({ kind: "streetlight", street: "Highland Ave" });
    expect(answer.body.assets[0]?.distanceMeters).toBeLessThan(15);

    const hydrants = await callApi<{ assets: CityAsset[] }>(
      "GET",
      nearestPath("hydrant", place.location.lat, place.location.lng),
      { token },
    );
    expect(hydrants.body.assets.map((asset) => asset.id)).toEqual(
      seededNear("HYDRANT")
        .slice(0, ASSET_NEAREST_MAX)
        .map((asset) => asset.id),
    );
    expect(hydrants.body.assets.every((asset) => asset.kind === "hydrant" && asset.id.startsWith("HY-"))).toBe(true);

    // Outside the city, and far from any street of it: none.
    const outside = await callApi<{ assets: CityAsset[] }>("GET", nearestPath("streetlight", 40.7, -74), { token });
    expect(outside.body).toEqual({ assets: [] });
    const bad = await callApi("GET", nearestPath("bench", place.location.lat, place.location.lng), { token });
    expect(bad.status).toBe(400);
    expect(await callApi("GET", nearestPath("streetlight", 42.04, -88.28), {}).then((a) => a.status)).toBe(401);
  });

  it("answers 503 while the GIS is down", async () => {
    const token = await resident();
    const gis = sandboxControl(stackInfo().sandboxes.gis as string);
    await gis.setFaults({ down: true });
    let answer: Awaited<ReturnType<typeof callApi>>;
    try {
      // A place no other test asks for, so the answer is not a cached one.
      answer = await callApi("GET", nearestPath("sign", 42.04123, -88.28123), { token });
    } finally {
      await gis.setFaults({ down: false });
    }
    expect(answer.status).toBe(503);
  });
});

describe("a report names its streetlight (POST /api/reports with assetId)", () => {
  it("a report at a seeded streetlight pole carries its asset id into the CRM case", async () => {
    const token = await resident();
    const [nearest] = seededNear("STREETLIGHT");
    const report = streetlightReport(nearest?.id ?? "");
    const answer = await postReport(token, report);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [filed] = await caseOf(report.id);
    expect(filed?.Asset_Id__c).toBe(nearest?.id);
    expect(filed?.Description).toContain(`Asset: ${nearest?.id}`);
    // "I can't tell which one": filed without an asset.
    const unsure = streetlightReport(null);
    expect((await postReport(token, unsure)).status).toBe(200);
    expect((await caseOf(unsure.id))[0]?.Asset_Id__c ?? null).toBeNull();
  });

  it("refuses an asset the GIS does not know near the place, a hydrant for a streetlight, or an asset on a pothole: 400 on reportData.assetId, nothing filed", async () => {
    const token = await resident();
    const far = cityAssets().find(
      (asset) =>
        asset.type === "STREETLIGHT" &&
        distanceMeters(place.location, { lat: asset.point[1], lng: asset.point[0] }) > 1000,
    );
    const [hydrant] = seededNear("HYDRANT");
    const refusals = [
      { report: streetlightReport(far?.id ?? ""), code: "UnknownAsset" },
      { report: streetlightReport("SL-9999"), code: "UnknownAsset" },
      { report: streetlightReport(hydrant?.id ?? ""), code: "UnknownAsset" },
      { report: streetlightReport("lamp 3"), code: "Invalid" },
      {
        report: { ...streetlightReport("SL-0001"), type: "pothole", activityId: "svc-report-pothole", details: {} },
        code: "Invalid",
      },
    ];
    for (const { report, code } of refusals) {
      const answer = await postReport(token, report);
      expect(answer.status, `${report.assetId}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body).toMatchObject({ error: { fields: { "reportData.assetId": code } } });
      expect(await caseOf(report.id)).toHaveLength(0);
    }
  });
});

describe("the case carries its asset id: the resident's case page and Open311", () => {
  it("the resident's case page shows the streetlight they picked", async () => {
    const token = await resident();
    const [, second] = seededNear("STREETLIGHT");
    const report = streetlightReport(second?.id ?? "");
    expect((await postReport(token, report)).status).toBe(200);
    const [filed] = await caseOf(report.id);
    const detail = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${filed?.Id}`, { token });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.report).toMatchObject({ assetId: second?.id, address: place.address });
    // A report without one says none.
    const unsure = streetlightReport(null);
    expect((await postReport(token, unsure)).status).toBe(200);
    const [unsureCase] = await caseOf(unsure.id);
    const plain = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${unsureCase?.Id}`, { token });
    expect(plain.body.report?.assetId).toBeNull();
  });

  it("Open311 offers asset_id on streetlight and street utilities, files it, answers it in GET requests, and refuses an unknown one", async () => {
    const validators = open311Validators();
    for (const code of ["streetlight", "streetUtilities"]) {
      const definition = await open311Get(`services/${code}.json`);
      expect(definition.status, definition.text).toBe(200);
      const model = JSON.parse(definition.text) as { attributes: Record<string, unknown>[] };
      expect(validators.serviceDefinition(model), validators.errors(validators.serviceDefinition)).toBe(true);
      expect(model.attributes).toContainEqual(
        expect.objectContaining({ code: "asset_id", datatype: "string", required: false, variable: true }),
      );
    }
    const pothole = JSON.parse((await open311Get("services/pothole.json")).text) as { attributes: { code: string }[] };
    expect(pothole.attributes.map((attribute) => attribute.code)).not.toContain("asset_id");

    const [hydrant] = seededNear("HYDRANT");
    const request = (assetId: string): [string, string][] => [
      ["api_key", OPEN311_SEEDED_DEMO_KEY],
      ["service_code", "streetUtilities"],
      ["lat", String(place.location.lat)],
      ["long", String(place.location.lng)],
      ["address_string", place.address],
      ["description", `The hydrant is leaking (${randomUUID()})`],
      ["attribute[utilityProblem]", "DAMAGED_FIRE_HYDRANT"],
      ["attribute[asset_id]", assetId],
    ];
    const filed = await open311Post("requests.json", request(hydrant?.id ?? ""));
    expect(filed.status, filed.text).toBe(200);
    const [answer] = JSON.parse(filed.text) as { service_request_id: string }[];
    const caseNumber = answer?.service_request_id ?? "";
    const [stored] = await stackCrm().query<{ Asset_Id__c: string | null }>(
      soql`SELECT Asset_Id__c FROM Case WHERE CaseNumber = ${caseNumber}`,
    );
    expect(stored?.Asset_Id__c).toBe(hydrant?.id);
    const back = await open311Get(`requests/${caseNumber}.json`);
    const requests = JSON.parse(back.text) as Record<string, unknown>[];
    expect(validators.requests(requests), validators.errors(validators.requests)).toBe(true);
    expect(requests[0]).toMatchObject({ service_request_id: caseNumber, asset_id: hydrant?.id });

    // A hydrant tag the city's map does not have near the place, and a malformed one: 400, nothing filed.
    for (const assetId of ["HY-9999", "hydrant 4"]) {
      const body = request(assetId);
      const refused = await open311Post("requests.json", body);
      expect(refused.status, `${assetId}: ${refused.text}`).toBe(400);
      const description = body.find(([name]) => name === "description")?.[1] ?? "";
      const cases = await stackCrm().query<{ Id: string }>(
        soql`SELECT Id FROM Case WHERE Description LIKE ${`%${description}%`}`,
      );
      expect(cases).toHaveLength(0);
    }
  });
});
