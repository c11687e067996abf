import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { crmSandbox } from "../../emulators/src/sandboxes/crm/index.ts";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { ZoningInquiryPayload, ZoningInquiryResult } from "../../functions/src/contract/zoning-inquiry.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { stackCrm } from "../kit/identity.ts";
import { principal } from "../kit/principals.ts";
import { PROJECT_ID, repoRoot, stackInfo } from "../kit/stack-info.ts";

/** Issue 15: POST /api/salesforce/zoningInquiry/:activityId files the §3 payload through the outbox. */

const resident = seededUser("resident2");
const created: string[] = [];
const payload = (details: string): ZoningInquiryPayload => ({
  Land_Parcel_Master_Address__c: "150 Dexter Ct, Elgin, IL 60120",
  Business_Details__c: details,
  Mark_all_that_apply_to_you_inquiry__c: "modify;know site restrictions",
  Is_this_a_home_based_business__c: "No",
  Is_this_a_new_business__c: "Yes",
  SFDC_ContactID__c: resident.salesforceId as string,
});
const PATH = "/api/salesforce/zoningInquiry/ZONING_INQUIRY";
const SIX = [
  "Land_Parcel_Master_Address__c",
  "Business_Details__c",
  "Mark_all_that_apply_to_you_inquiry__c",
  "Is_this_a_home_based_business__c",
  "Is_this_a_new_business__c",
  "SFDC_ContactID__c",
] as const;

async function inquiriesWith(details: string) {
  const rows = await stackCrm().query<Record<string, unknown> & { Id: string }>({
    text: `SELECT Id, ${SIX.join(", ")}, Contact__c, Status__c FROM Zoning_Inquiry__c WHERE SFDC_ContactID__c = '${resident.salesforceId}'`,
  });
  return rows.filter((row) => row.Business_Details__c === details);
}

/**
 * Runs the outbox job module once and answers its zoning inquiries part, as its scheduled function
 * would run, against this stack (test stacks start without the launcher's scheduler, so a test
 * cannot wait for it).
 */
async function runZoningJob(): Promise<{ sent: number; pending: number }> {
  const { ports, sandboxes } = stackInfo();
  const script = `require(${JSON.stringify(join(repoRoot, "functions", "lib", "jobs", "registry.js"))}).JOBS.find((job) => job.name === "outbox").run().then((result) => { console.log(JSON.stringify(result.zoningInquiry)); process.exit(0); }, (error) => { console.error(error); process.exit(1); });`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], {
    env: {
      ...process.env,
      GCLOUD_PROJECT: PROJECT_ID,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
      ...crmSandbox.env(sandboxes.crm as string),
    },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) as string);
}

afterAll(async () => {
  for (const id of created) await stackCrm().destroy("Zoning_Inquiry__c", id);
});

describe("zoning inquiry API", () => {
  it("files the §3 payload as a Zoning_Inquiry__c of the caller, with the contact and a status for the dashboard", async () => {
    const { idToken } = await principal("resident2");
    const details = `Bicycle repair shop ${Date.now()}`;
    const answer = await callApi<ZoningInquiryResult>("POST", PATH, { token: idToken, body: payload(details) });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("sent");
    const rows = await inquiriesWith(details);
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown> & { Id: string };
    created.push(row.Id);
    expect(answer.body).toEqual({ status: "sent", id: row.Id });
    expect(Object.fromEntries(SIX.map((field) => [field, row[field]]))).toEqual(payload(details));
    expect(row).toMatchObject({ Contact__c: resident.salesforceId, Status__c: "Submitted" });
  });

  it("refuses another contact's id (403), an unknown or non-zoning activity (404), and files nothing", async () => {
    const { idToken } = await principal("resident2");
    const details = `Refused ${Date.now()}`;
    const other = { ...payload(details), SFDC_ContactID__c: seededUser("resident").salesforceId as string };
    expect((await callApi("POST", PATH, { token: idToken, body: other })).status).toBe(403);
    const unknown = "/api/salesforce/zoningInquiry/NO_SUCH_SERVICE";
    expect((await callApi("POST", unknown, { token: idToken, body: payload(details) })).status).toBe(404);
    const water = "/api/salesforce/zoningInquiry/WATER_BILL";
    expect((await callApi("POST", water, { token: idToken, body: payload(details) })).status).toBe(404);
    expect(await inquiriesWith(details)).toHaveLength(0);
  });

  it("keeps an inquiry sent while the CRM is down and delivers it exactly once when it is back", async () => {
    const { idToken } = await principal("resident2");
    const details = `Food truck commissary ${Date.now()}`;
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    await crm.setFaults({ down: true });
    let answer: { status: number; body: ZoningInquiryResult };
    try {
      answer = await callApi<ZoningInquiryResult>("POST", PATH, { token: idToken, body: payload(details) });
    } finally {
      await crm.setFaults({ down: false });
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "received" });
    const outbox = await testAdmin()
      .db.collection("outbox")
      .where("kind", "==", "zoningInquiry")
      .where("uid", "==", resident.uid)
      .where("status", "==", "pending")
      .get();
    const entry = outbox.docs.find((doc) => doc.data().zoning?.Business_Details__c === details);
    expect(entry?.data()).toMatchObject({ attempts: 1, activityId: "ZONING_INQUIRY", zoning: payload(details) });
    expect(await inquiriesWith(details)).toHaveLength(0);

    expect((await runZoningJob()).sent).toBeGreaterThanOrEqual(1);
    const rows = await inquiriesWith(details);
    expect(rows).toHaveLength(1);
    created.push(...rows.map((row) => row.Id));
    expect((await entry?.ref.get())?.data()).toMatchObject({ status: "sent", crmId: rows[0]?.Id });
    // A second run finds nothing pending for it and files nothing more.
    await runZoningJob();
    expect(await inquiriesWith(details)).toHaveLength(1);
  });
});
