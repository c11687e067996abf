import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { REPORT_PHOTOS_MAX_BYTES } from "../../functions/src/contract/reports.ts";
import { PHONE_EXIF_WITH_LOCATION } from "../../functions/src/platform/__tests__/phone-exif.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { startOwnFunctionHost } from "../kit/function-host.ts";
import { principal } from "../kit/principals.ts";
import {
  caseFiles,
  casesOfReport,
  postReport,
  runReportsJob,
  SEEDED_REPORT_PLACE,
  storedObject,
} from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 15: POST /api/reports files a CRM case once, strips and shrinks photos, survives a CRM outage. */

const place = SEEDED_REPORT_PLACE;
const pothole = () => ({
  id: randomUUID(),
  type: "pothole",
  activityId: "svc-report-pothole",
  address: place,
  description: "A deep pothole in the eastbound lane.",
});
const resident = async () => (await principal("resident")).idToken as string;
const residentContact = () => seededUser("resident").salesforceId;

describe("problem reports (POST /api/reports)", () => {
  it("files a pothole as one CRM case with the type's mapping; the same report id sent again files nothing new", async () => {
    const token = await resident();
    const report = pothole();
    const first = await postReport(token, report);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id: report.id, status: "filed", caseNumber: expect.stringMatching(/^\d{8}$/) });
    const again = await postReport(token, report);
    expect(again.body).toEqual(first.body);
    const cases = await casesOfReport(report.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      CaseNumber: first.body.caseNumber,
      ContactId: residentContact(),
      Type: "Pothole Repair",
      Service_Request_Type__c: "Pothole Repair",
      Report_Record_Type__c: "Public_Works",
      Location__Latitude__s: SEEDED_REPORT_PLACE.location.lat,
    });
    expect(cases[0]?.Description).toContain("A deep pothole in the eastbound lane.");
    // Another resident cannot reuse (or read) the id.
    const stranger = await postReport((await principal("resident2")).idToken as string, report);
    expect(stranger.status).toBe(409);
  });

  it("keeps the report's extraDescription in the case and its activityLanguageKey in the resident's history (spec 3 §3, P19, P20)", async () => {
    const token = await resident();
    const report = {
      ...pothole(),
      activityId: null,
      activityLanguageKey: "Report.Types.pothole",
      extraDescription: "It has been there since Monday.",
    };
    const filed = await postReport(token, report);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [made] = await casesOfReport(report.id);
    expect(String(made?.Description).split("\n").slice(0, 2)).toEqual([
      "A deep pothole in the eastbound lane.",
      "It has been there since Monday.",
    ]);
    const history = await callApi<{ Event: string; ItemKey: string | null; Data: Record<string, unknown> | null }[]>(
      "GET",
      `/api/users/activity-history/${seededUser("resident").uid}`,
      { token: (await principal("admin")).idToken },
    );
    const event = history.body.find((row) => row.Data?.reportId === report.id);
    expect(event).toMatchObject({ Event: "CreateActivity", ItemKey: "Report.Types.pothole" });
  });

  it("refuses what the type does not allow: a missing address, a wrong option, photos of a dead animal", async () => {
    const token = await resident();
    const noAddress = await postReport(token, { ...pothole(), address: null });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({ error: { fields: { "reportData.address": "Required" } } });
    const wrongOption = await postReport(token, {
      ...pothole(),
      type: "graffiti",
      details: { offensive: "MAYBE", graffitiLocation: "PARK" },
    });
    expect(wrongOption.body).toMatchObject({ error: { fields: { "reportData.details.offensive": "Invalid" } } });
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#777" } })
      .jpeg()
      .toBuffer();
    const deadAnimal = await postReport(token, { ...pothole(), type: "deadAnimal" }, [
      { bytes: photo, type: "image/jpeg", name: "a.jpg" },
    ]);
    expect(deadAnimal.status).toBe(400);
    const notImage = await postReport(token, pothole(), [
      { bytes: Buffer.from("<script>"), type: "image/png", name: "x.png" },
    ]);
    expect(notImage.status).toBe(400);
  });

  it("stores graffiti photos without EXIF location, at most 2048 px, and refuses more than 10 MB with 413", async () => {
    const token = await resident();
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#a52" } })
        .jpeg()
        .withExif(PHONE_EXIF_WITH_LOCATION)
        .toBuffer();
    const big = await photo(3000, 2000);
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const report = {
      ...pothole(),
      type: "graffiti",
      details: { offensive: "NO", graffitiLocation: "UTILITY_BOX" },
      description: "Tags on the utility box.",
    };
    const answer = await postReport(token, report, [
      { bytes: big, type: "image/jpeg", name: "wall.jpg" },
      { bytes: await photo(640, 480), type: "image/jpeg", name: "close.jpg" },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [filed] = await casesOfReport(report.id);
    const names = String(filed?.Report_Photos__c).split(";");
    expect(names).toHaveLength(2);
    for (const name of names) {
      const stored = await storedObject(name);
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(2048);
      expect(stored.includes("PhoneMaker")).toBe(false);
    }
    expect((await sharp(await storedObject(names[0] as string)).metadata()).width).toBe(2048);
    // A clerk opens them from the case: CRM files (ContentVersion published to the case), never bucket paths (issue 33).
    expect(filed?.Description).toContain("Photos: 2, attached to this case as files");
    expect(filed?.Description).not.toContain("report-photos/");
    const files = await caseFiles(String(filed?.Id));
    expect(files.map((file) => file.pathOnClient)).toEqual(["report-photo-1.jpg", "report-photo-2.jpg"]);
    for (const file of files) {
      expect(file.contentType).toBe("image/jpeg");
      expect(file.contentSize).toBe(file.bytes.length);
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.exif, file.pathOnClient).toBeUndefined();
      expect(file.bytes.includes("PhoneMaker")).toBe(false);
    }
    expect((await sharp(files[0]?.bytes).metadata()).width).toBe(2048);
    // Sent again, the same report attaches nothing twice.
    await postReport(token, report);
    expect(await caseFiles(String(filed?.Id))).toHaveLength(2);

    const tooMuch = await postReport(token, { ...report, id: randomUUID() }, [
      { bytes: Buffer.alloc(REPORT_PHOTOS_MAX_BYTES + 1, 1), type: "image/jpeg", name: "huge.jpg" },
    ]);
    expect(tooMuch.status).toBe(413);
  });

  it("takes photos for every type but dead animal (spec 3 §5, P14), up to 10 of them (README), each attached to the case", async () => {
    const token = await resident();
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#357" } })
      .jpeg()
      .toBuffer();
    const photos = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ bytes: tiny, type: "image/jpeg", name: `p${index}.jpg` }));
    const vehicle = { ...pothole(), type: "abandonedVehicle", description: "A van with flat tyres for a month." };
    const filed = await postReport(token, vehicle, photos(10));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [created] = await casesOfReport(vehicle.id);
    expect(await caseFiles(String(created?.Id))).toHaveLength(10);
    const feedback = { ...pothole(), type: "appFeedback", address: null, rating: 4, description: "Easy to use." };
    expect((await postReport(token, feedback, photos(1))).status).toBe(200);
    const tooMany = await postReport(token, { ...vehicle, id: randomUUID() }, photos(11));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: { fields: { files: "TooMany" } } });
  });

  it("while the CRM is down answers 'received'; the job files it once with a case number and tells the resident", async () => {
    const token = await resident();
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const report = pothole();
    await crm.setFaults({ down: true });
    let received: Awaited<ReturnType<typeof postReport>>;
    let repeated: Awaited<ReturnType<typeof postReport>>;
    try {
      received = await postReport(token, report);
      repeated = await postReport(token, report);
    } finally {
      await crm.setFaults({ down: false });
    }
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body).toEqual({ id: report.id, status: "received" });
    expect(repeated.body).toEqual({ id: report.id, status: "received" });
    const { db } = testAdmin();
    const entry = db.collection("outbox").doc(`report-${report.id}`);
    expect((await entry.get()).data()).toMatchObject({ kind: "report", status: "pending", attempts: 1 });
    expect(await casesOfReport(report.id)).toHaveLength(0);

    const run = await runReportsJob();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const cases = await casesOfReport(report.id);
    expect(cases).toHaveLength(1);
    const caseNumber = cases[0]?.CaseNumber;
    expect((await entry.get()).data()).toMatchObject({ status: "sent", caseNumber });
    const message = await db.collection("notifications").doc(`case-number-${report.id}-inApp`).get();
    expect(message.data()).toMatchObject({ UserId: seededUser("resident").uid, SObjectType: "Case" });
    expect(String(message.data()?.Title)).toContain(String(caseNumber));
    // Nothing twice: another run and another submit of the same id file nothing more.
    await runReportsJob();
    expect(await postReport(token, report)).toMatchObject({ body: { status: "filed", caseNumber } });
    expect(await casesOfReport(report.id)).toHaveLength(1);
    await message.ref.delete();
  });

  it("right after a CRM outage, the same function instance files the next report inline with its case number", async () => {
    // A fresh instance of the reports function (as Cloud Run starts one), so what it remembers is only
    // what this test did: the resident looked at nearby reports (it logged in to the CRM), then the
    // CRM went down while she filed (the first report filing of this instance), then came back.
    const token = await resident();
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const instance = await startOwnFunctionHost("reports");
    try {
      const nearby = await fetch(
        `${instance.url}/api/reports/nearby?type=pothole&lat=${place.location.lat}&lng=${place.location.lng}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(nearby.status, await nearby.text()).toBe(200);
      const during = pothole();
      await crm.setFaults({ down: true });
      let received: Awaited<ReturnType<typeof postReport>>;
      try {
        received = await postReport(token, during, [], instance.url);
      } finally {
        await crm.setFaults({ down: false });
      }
      expect(received.body).toEqual({ id: during.id, status: "received" });

      // Back up: her next report on the same instance is filed at once, with its case number.
      const after = pothole();
      const filed = await postReport(token, after, [], instance.url);
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
      const cases = await casesOfReport(after.id);
      expect(cases).toHaveLength(1);
      expect(filed.body).toEqual({ id: after.id, status: "filed", caseNumber: cases[0]?.CaseNumber });
      // The one sent during the outage waits for the job; this instance did not file it meanwhile.
      expect(await casesOfReport(during.id)).toHaveLength(0);
      // Not left for a later file's job run to file and tell her about.
      await testAdmin().db.collection("outbox").doc(`report-${during.id}`).delete();
    } finally {
      await instance.stop();
    }
  });

  it("refuses a place outside the city, an address the city's map does not know, or a pin far from its address: 400 with a field error, nothing filed (issue 33)", async () => {
    const token = await resident();
    const { db } = testAdmin();
    const refused = [
      {
        address: { address: SEEDED_REPORT_PLACE.address, location: { lat: 41.8781, lng: -87.6298 } },
        field: "reportData.address.location",
        code: "OutsideCity",
      },
      {
        address: { address: "99999 Nowhere Blvd", location: SEEDED_REPORT_PLACE.location },
        field: "reportData.address.address",
        code: "AddressNotFound",
      },
      {
        // A real address, the pin 1.5 km east of it (still inside the city).
        address: { address: SEEDED_REPORT_PLACE.address, location: { lat: 42.0395, lng: -88.269 } },
        field: "reportData.address.location",
        code: "FarFromAddress",
      },
    ];
    for (const { address, field, code } of refused) {
      const report = { ...pothole(), address };
      const answer = await postReport(token, report);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: "bad_request", fields: { [field]: code } } });
      expect(await casesOfReport(report.id)).toHaveLength(0);
      expect((await db.collection("outbox").doc(`report-${report.id}`).get()).exists).toBe(false);
    }
  });

  it("while the GIS is down files a report inside the city, telling staff the address was not checked; outside the city it is still refused", async () => {
    const token = await resident();
    const gis = sandboxControl(stackInfo().sandboxes.gis as string);
    const inside = pothole();
    const outside = { ...pothole(), address: { ...SEEDED_REPORT_PLACE, location: { lat: 40.7, lng: -74 } } };
    await gis.setFaults({ down: true });
    let filed: Awaited<ReturnType<typeof postReport>>;
    let refused: Awaited<ReturnType<typeof postReport>>;
    try {
      filed = await postReport(token, inside);
      refused = await postReport(token, outside);
    } finally {
      await gis.setFaults({ down: false });
    }
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [created] = await casesOfReport(inside.id);
    expect(created?.Description).toContain("Address not checked: the city's map service was unavailable");
    expect(refused.status).toBe(400);
    expect(await casesOfReport(outside.id)).toHaveLength(0);
  });
});

/** Spec 3 §3 "Land parcel record fields", as the spec lists them. */
const SPEC_PARCEL_FIELDS = [
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
  "Id",
];

describe("land parcel by address (GET /api/salesforce/landParcelMaster/:address, spec 3 §7)", () => {
  const path = (address: string) => `/api/salesforce/landParcelMaster/${encodeURIComponent(address)}`;

  it("answers the parcel record of spec 3 §3 for the geocoder's label or a typed street line; null for an address the parcel master lacks", async () => {
    const token = await resident();
    for (const address of [SEEDED_REPORT_PLACE.address, "138 Highland Ave"]) {
      const answer = await callApi<{ parcel: Record<string, unknown> | null }>("GET", path(address), { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.parcel).toMatchObject({
        Id: "a01000000000001AAA",
        Name: expect.stringMatching(/^138 HIGHLAND AVE$/i),
      });
      // Spec 3 §3's land parcel record, field by field (audit item G07).
      expect(Object.keys(answer.body.parcel ?? {}).sort()).toEqual([...SPEC_PARCEL_FIELDS, "Name"].sort());
      expect(answer.body.parcel?.Refuse_Pickup_Day__c).toEqual(expect.any(String));
    }
    const unknown = await callApi("GET", path("99999 Nowhere Blvd"), { token });
    expect(unknown).toMatchObject({ status: 200, body: { parcel: null } });
    const noNumber = await callApi("GET", path("Highland Ave"), { token });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body).toMatchObject({ error: { fields: { address: "Invalid" } } });
  });

  it("answers the same record for the query form AddNum, StName, StType, Postal (spec 3 §7, T09); AddNum needs StName", async () => {
    const token = await resident();
    const byLine = await callApi<{ parcel: Record<string, unknown> | null }>("GET", path("138 Highland Ave"), {
      token,
    });
    const query = new URLSearchParams({
      AddNum: "138",
      StName: "HIGHLAND",
      StType: "AVE",
      Postal: "60123",
      UnitName: "",
    });
    const byParts = await callApi<{ parcel: Record<string, unknown> | null }>(
      "GET",
      `/api/salesforce/landParcelMaster?${query}`,
      { token },
    );
    expect(byParts.status, JSON.stringify(byParts.body)).toBe(200);
    expect(byParts.body.parcel).toMatchObject({ Id: "a01000000000001AAA" });
    expect(Object.keys(byParts.body.parcel ?? {}).sort()).toEqual([...SPEC_PARCEL_FIELDS, "Name"].sort());
    expect(byParts.body.parcel).toEqual(byLine.body.parcel);
    const numberOnly = await callApi("GET", "/api/salesforce/landParcelMaster?AddNum=138", { token });
    expect(numberOnly.status).toBe(400);
    expect(numberOnly.body).toMatchObject({ error: { fields: { "query.StName": "Required" } } });
    const stranger = await callApi("GET", `/api/salesforce/landParcelMaster?${query}`);
    expect(stranger.status).toBe(401);
  });
});
