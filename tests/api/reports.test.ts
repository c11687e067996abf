import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { REPORT_PHOTOS_MAX_BYTES } from "../../functions/src/contract/reports.ts";
import { PHONE_EXIF_WITH_LOCATION } from "../../functions/src/platform/__tests__/phone-exif.ts";
import { testAdmin } from "../kit/admin.ts";
import { principal } from "../kit/principals.ts";
import { casesOfReport, postReport, runReportsJob, storedObject } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 15: POST /api/reports files a CRM case once, strips and shrinks photos, survives a CRM outage. */

const place = { address: "138 Highland Ave", location: { lat: 42.0401, lng: -88.2902 } };
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
      Location__Latitude__s: 42.0401,
    });
    expect(cases[0]?.Description).toContain("A deep pothole in the eastbound lane.");
    // Another resident cannot reuse (or read) the id.
    const stranger = await postReport((await principal("resident2")).idToken as string, report);
    expect(stranger.status).toBe(409);
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

    const tooMuch = await postReport(token, { ...report, id: randomUUID() }, [
      { bytes: Buffer.alloc(REPORT_PHOTOS_MAX_BYTES + 1, 1), type: "image/jpeg", name: "huge.jpg" },
    ]);
    expect(tooMuch.status).toBe(413);
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
});
