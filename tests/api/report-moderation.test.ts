import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import type { ModeratedReport } from "../../functions/src/contract/report-moderation.ts";
import type { PublicReportCase } from "../../functions/src/contract/reports.ts";
import { callApi } from "../kit/api.ts";
import { detail, fileSignedGraffiti, nearbyGraffiti, publicBytes, signedInBytes } from "../kit/moderation.ts";
import { open311Get, readOpen311Xml } from "../kit/open311.ts";
import { principal } from "../kit/principals.ts";
import { storedObject } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

// Moderation of reports (issue 31): staff hide the reporter's name, redact a photo (a blurred copy made
// with sharp; the original kept for staff) or make a report private, and every public answer follows:
// the nearby reports of "Already reported?", "me too", Open311's requests in JSON and XML.

const tokenOf = async (key: "admin" | "staff" | "resident" | "resident2") => (await principal(key)).idToken as string;
const staff = seededUser("staff");

let filed: Awaited<ReturnType<typeof fileSignedGraffiti>>;
const reportPath = () => `/api/console/reports/${filed.caseNumber}`;

async function lastAudit(action: string) {
  const query = new URLSearchParams({ personUid: filed.maria.uid, action });
  const audit = await callApi<AuditPage>("GET", `/api/audit?${query}`, { token: await tokenOf("admin") });
  expect(audit.status).toBe(200);
  return audit.body.records[0];
}

/** The case as Open311 answers it, in JSON and in XML (read back with an XML parser). */
async function open311Case() {
  const json = await open311Get(`requests/${filed.caseNumber}.json`);
  const xml = await open311Get(`requests/${filed.caseNumber}.xml`);
  return {
    json,
    xml,
    jsonModel: json.status === 200 ? JSON.parse(json.text) : null,
    xmlModel: readOpen311Xml(xml.text),
  };
}

beforeAll(async () => {
  filed = await fileSignedGraffiti();
}, 60_000);

afterAll(async () => {
  // The report stays filed; leave it public with its name shown for files after this one.
  if (filed) {
    await callApi("PATCH", reportPath(), {
      token: await tokenOf("staff"),
      body: { nameHidden: false, private: false },
    });
  }
});

describe("moderation of reports: a redacted photo", () => {
  it("nearby names the blurred copy after staff redact a photo; its original answers 404 to the public, and staff (only) still get the original", async () => {
    const before = await nearbyGraffiti(filed.place);
    const listed = before.find((item) => item.caseId === filed.caseId);
    expect(listed, JSON.stringify(before)).toBeDefined();
    expect(listed?.photos).toEqual([`/api/reports/${filed.caseId}/photos/0`, `/api/reports/${filed.caseId}/photos/1`]);
    const originalBytes = await storedObject(filed.names[0] as string);
    const publicOriginal = await publicBytes(listed?.photos[0] as string);
    expect(publicOriginal.status).toBe(200);
    expect(publicOriginal.bytes.equals(originalBytes)).toBe(true);
    expect((await publicBytes(`/api/reports/${filed.caseId}/photos/0/redacted`)).status).toBe(404);

    // A resident cannot redact; bad input is a 400 that changes nothing.
    const resident = await callApi("POST", `${reportPath()}/photos/0/redact`, { token: await tokenOf("resident") });
    expect(resident.status).toBe(403);
    for (const bad of ["x", "99", "-1"]) {
      const refused = await callApi("POST", `${reportPath()}/photos/${bad}/redact`, { token: await tokenOf("staff") });
      expect(refused.status, bad).toBe(400);
    }
    expect((await callApi("POST", `${reportPath()}/photos/5/redact`, { token: await tokenOf("staff") })).status).toBe(
      404,
    );
    expect((await callApi("GET", "/api/console/reports/99999999", { token: await tokenOf("staff") })).status).toBe(404);
    expect((await nearbyGraffiti(filed.place)).find((item) => item.caseId === filed.caseId)?.photos).toEqual(
      listed?.photos,
    );

    const redacted = await callApi<ModeratedReport>("POST", `${reportPath()}/photos/0/redact`, {
      token: await tokenOf("staff"),
    });
    expect(redacted.status, JSON.stringify(redacted.body)).toBe(200);
    expect(redacted.body.photos).toEqual([
      { index: 0, redacted: true, publicPath: `/api/reports/${filed.caseId}/photos/0/redacted` },
      { index: 1, redacted: false, publicPath: `/api/reports/${filed.caseId}/photos/1` },
    ]);
    expect(redacted.body.moderation).toMatchObject({ redactedPhotos: [0], updatedBy: staff.email });

    const after = (await nearbyGraffiti(filed.place)).find((item) => item.caseId === filed.caseId);
    expect(after?.photos).toEqual([
      `/api/reports/${filed.caseId}/photos/0/redacted`,
      `/api/reports/${filed.caseId}/photos/1`,
    ]);
    expect((await publicBytes(`/api/reports/${filed.caseId}/photos/0`)).status).toBe(404);
    const blurred = await publicBytes(after?.photos[0] as string);
    expect(blurred.status).toBe(200);
    expect(blurred.contentType).toBe("image/jpeg");
    expect(blurred.bytes.equals(originalBytes)).toBe(false);
    expect(await detail(originalBytes)).toBeGreaterThan(40);
    expect(await detail(blurred.bytes)).toBeLessThan(2);

    // The original is kept, for staff only: in storage, unchanged, and through the console.
    expect((await storedObject(filed.names[0] as string)).equals(originalBytes)).toBe(true);
    const forStaff = await signedInBytes(`${reportPath()}/photos/0`, await tokenOf("staff"));
    expect(forStaff.status).toBe(200);
    expect(forStaff.bytes.equals(originalBytes)).toBe(true);
    expect((await signedInBytes(`${reportPath()}/photos/0`, await tokenOf("resident"))).status).toBe(403);
    // The resident's own case page shows the blurred copy too.
    const own = await signedInBytes(
      `/api/salesforce/activity/Case/${filed.caseId}/photos/0`,
      await tokenOf("resident"),
    );
    expect(own.status).toBe(200);
    expect(own.bytes.equals(blurred.bytes)).toBe(true);

    // Open311 (JSON and XML) names the blurred copy as media_url.
    const open311 = await open311Case();
    const mediaUrl = `${new URL(stackInfo().portalUrl).origin}/api/reports/${filed.caseId}/photos/0/redacted`;
    expect(open311.jsonModel?.[0]?.media_url).toBe(mediaUrl);
    expect(open311.xml.text).toContain(`<media_url>${mediaUrl}</media_url>`);

    const record = await lastAudit("console.report.redact-photo");
    expect(record).toMatchObject({
      actorEmail: staff.email,
      actorRole: "staff",
      subject: `case ${filed.caseNumber} photo 1`,
    });
    expect(JSON.parse(String(record?.before))).toMatchObject({ redactedPhotos: [] });
    expect(JSON.parse(String(record?.after))).toMatchObject({ redactedPhotos: [0] });
  });
});

describe("moderation of reports: the reporter's name and a private report", () => {
  it("a hidden name leaves Open311's description in JSON and XML; staff still see it; the trail has before and after", async () => {
    const { maria } = filed;
    const shown = await open311Case();
    expect(shown.jsonModel?.[0]?.description).toContain(`${maria.firstName} ${maria.lastName}`);

    const hidden = await callApi<ModeratedReport>("PATCH", reportPath(), {
      token: await tokenOf("staff"),
      body: { nameHidden: true },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.moderation.nameHidden).toBe(true);
    expect(hidden.body.reporter).toMatchObject({ uid: maria.uid, name: `${maria.firstName} ${maria.lastName}` });
    expect(hidden.body.description).toContain(maria.lastName);

    const open311 = await open311Case();
    expect(open311.json.status).toBe(200);
    const description = String(open311.jsonModel?.[0]?.description);
    expect(description).toContain("Tags on the utility box.");
    expect(description).toContain("[name hidden]");
    for (const text of [open311.json.text, open311.xml.text]) {
      expect(text).not.toContain(maria.firstName);
      expect(text).not.toContain(maria.lastName);
    }
    expect(open311.xml.text).toContain("[name hidden]");
    const listed = await open311Get("requests.json?service_code=graffiti");
    const entry = (JSON.parse(listed.text) as { service_request_id: string }[]).find(
      (request) => request.service_request_id === filed.caseNumber,
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(maria.lastName);

    const record = await lastAudit("console.report.moderate");
    expect(record).toMatchObject({ actorEmail: staff.email, subject: `case ${filed.caseNumber}` });
    expect(JSON.parse(String(record?.before))).toMatchObject({ nameHidden: false });
    expect(JSON.parse(String(record?.after))).toMatchObject({ nameHidden: true });
  });

  it("a private report leaves nearby, 'me too', Open311 (list, one, XML) and its public photos; public again, it comes back", async () => {
    const staffToken = await tokenOf("staff");
    expect(
      (await callApi("PATCH", reportPath(), { token: await tokenOf("resident"), body: { private: true } })).status,
    ).toBe(403);
    expect((await callApi("PATCH", reportPath(), { token: staffToken, body: {} })).status).toBe(400);
    expect((await callApi("PATCH", reportPath(), { token: staffToken, body: { private: "yes" } })).status).toBe(400);
    expect(
      (await callApi("PATCH", reportPath(), { token: staffToken, body: { private: true, other: 1 } })).status,
    ).toBe(400);
    const made = await callApi<ModeratedReport>("PATCH", reportPath(), { token: staffToken, body: { private: true } });
    expect(made.status).toBe(200);
    expect(made.body.moderation.private).toBe(true);
    expect(made.body.photos.every((photo) => photo.publicPath === null)).toBe(true);

    expect((await nearbyGraffiti(filed.place)).map((item) => item.caseId)).not.toContain(filed.caseId);
    const meToo = await callApi("POST", `/api/reports/${filed.caseId}/me-too`, { token: await tokenOf("resident2") });
    expect(meToo.status).toBe(404);
    // Its public page (issue 33) is gone too.
    const hidden = await callApi("GET", `/api/reports/${filed.caseId}`, { token: await tokenOf("resident2") });
    expect(hidden.status).toBe(404);
    const open311 = await open311Case();
    expect(open311.json.status).toBe(404);
    expect(open311.xml.status).toBe(404);
    const listed = await open311Get("requests.xml?service_code=graffiti");
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(filed.caseNumber);
    const updates = await open311Get("servicerequestupdates.json");
    expect(updates.text).not.toContain(`"${filed.caseNumber}"`);
    expect((await publicBytes(`/api/reports/${filed.caseId}/photos/0/redacted`)).status).toBe(404);
    expect((await publicBytes(`/api/reports/${filed.caseId}/photos/1`)).status).toBe(404);
    // Staff still see it whole.
    const forStaff = await callApi<ModeratedReport>("GET", reportPath(), { token: staffToken });
    expect(forStaff.status).toBe(200);
    expect(forStaff.body).toMatchObject({ caseId: filed.caseId, moderation: { private: true, nameHidden: true } });

    const record = await lastAudit("console.report.moderate");
    expect(JSON.parse(String(record?.before))).toMatchObject({ private: false });
    expect(JSON.parse(String(record?.after))).toMatchObject({ private: true });

    await callApi("PATCH", reportPath(), { token: staffToken, body: { private: false } });
    const back = (await nearbyGraffiti(filed.place)).find((item) => item.caseId === filed.caseId);
    expect(back?.photos).toEqual([
      `/api/reports/${filed.caseId}/photos/0/redacted`,
      `/api/reports/${filed.caseId}/photos/1`,
    ]);
    expect((await open311Case()).json.status).toBe(200);
    // Its public page is back, with the same photo addresses as the nearby list and no reporter.
    const shown = await callApi<PublicReportCase>("GET", `/api/reports/${filed.caseId}`, {
      token: await tokenOf("resident2"),
    });
    expect(shown.status).toBe(200);
    expect(shown.body.photos).toEqual(back?.photos);
    expect(JSON.stringify(shown.body)).not.toContain(filed.maria.lastName);
  });
});
