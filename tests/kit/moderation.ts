import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { gisAddresses } from "../../emulators/src/seed/gis.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import { distanceMeters } from "../../functions/src/contract/maps.ts";
import type { NearbyCase } from "../../functions/src/contract/reports.ts";
import { callApi } from "./api.ts";
import { stackCrm } from "./identity.ts";
import { principal } from "./principals.ts";
import { casesOfReport, postReport } from "./reports.ts";
import { stackInfo } from "./stack-info.ts";

/** Moderation of reports (issue 31): a report with photos that only this test's nearby search finds. */

/**
 * A seeded house with no open graffiti case within 50 m, so a nearby search there (nearest first, at
 * most 5) lists the report a test files first, however many reports other files filed elsewhere.
 */
const QUIET_METERS = 50;

export async function quietGraffitiPlace(): Promise<{ address: string; location: { lat: number; lng: number } }> {
  const open = await stackCrm().query<{ Location__Latitude__s: number | null; Location__Longitude__s: number | null }>(
    soql`SELECT Location__Latitude__s, Location__Longitude__s FROM Case WHERE IsClosed = false AND Service_Request_Type__c = ${"Graffiti Removal"}`,
  );
  const points = open
    .filter((row) => row.Location__Latitude__s !== null && row.Location__Longitude__s !== null)
    .map((row) => ({ lat: Number(row.Location__Latitude__s), lng: Number(row.Location__Longitude__s) }));
  for (const house of gisAddresses()) {
    if (house.parcel.UnitName__c) continue;
    const location = { lat: house.parcel.Latitude__c, lng: house.parcel.Longitude__c };
    if (points.every((point) => distanceMeters(point, location) > QUIET_METERS)) {
      return { address: house.label, location };
    }
  }
  throw new Error("seed: no house without an open graffiti case nearby");
}

/** A photo with fine detail (2-pixel stripes, like a plate's strokes) in a colour of its own. */
export const stripedPhoto = (shade: number) => {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = x % 4 < 2;
      raw.set(on ? [shade, 20, 20] : [250, 250, 250], (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
};

/** Maria files graffiti with two photos at a quiet place, signing it with her name; answers the filed case. */
export async function fileSignedGraffiti() {
  const maria = seededUser("resident");
  const place = await quietGraffitiPlace();
  const report = {
    id: randomUUID(),
    type: "graffiti",
    activityId: "svc-report-graffiti",
    address: place,
    details: { offensive: "NO", graffitiLocation: "UTILITY_BOX" },
    description: `Tags on the utility box. Call me if needed, ${maria.firstName} ${maria.lastName}.`,
  };
  const token = (await principal("resident")).idToken as string;
  const photos = [await stripedPhoto(30), await stripedPhoto(200)];
  const answer = await postReport(
    token,
    report,
    photos.map((bytes, index) => ({ bytes, type: "image/png", name: `wall-${index + 1}.png` })),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ status: "filed" });
  const [filed] = await casesOfReport(report.id);
  if (!filed) throw new Error("the report was not filed");
  const names = String(filed.Report_Photos__c).split(";");
  expect(names).toHaveLength(2);
  return { report, place, caseId: filed.Id, caseNumber: filed.CaseNumber, names, maria };
}

/** The nearby answer (James, another resident, searching at the place) for graffiti. */
export async function nearbyGraffiti(place: { location: { lat: number; lng: number } }): Promise<NearbyCase[]> {
  const query = new URLSearchParams({
    type: "graffiti",
    lat: String(place.location.lat),
    lng: String(place.location.lng),
  });
  const answer = await callApi<{ cases: NearbyCase[] }>("GET", `/api/reports/nearby?${query}`, {
    token: (await principal("resident2")).idToken,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.cases;
}

/** A public address's bytes as anyone (no sign-in) gets them. */
export async function publicBytes(path: string): Promise<{ status: number; bytes: Buffer; contentType: string }> {
  const response = await fetch(`${stackInfo().portalUrl}${path}`);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") ?? "",
  };
}

/** What a staff or other token gets from a signed-in address, as bytes. */
export async function signedInBytes(path: string, token: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${stackInfo().portalUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Fine detail: the mean difference between neighbouring pixels of a row (2-pixel stripes ~100, a blur ~0). */
export async function detail(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 1; x < info.width; x++)
      sum += Math.abs((data[y * info.width + x] ?? 0) - (data[y * info.width + x - 1] ?? 0));
  }
  return sum / (info.height * (info.width - 1));
}
