import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { SEEDED_GAS_STOPPER } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { Activity } from "../../functions/src/contract/activity.ts";
import { OPEN311_SEEDED_DEMO_KEY } from "../../functions/src/contract/open311-keys.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { open311Get, open311Post } from "../kit/open311.ts";
import { principal } from "../kit/principals.ts";
import { casesOfReport, postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

/**
 * Issue 33, stoppers: a report service can carry a notice that stops the form and says what to do
 * instead. The server refuses a stopped type however it is sent (the web form, the console,
 * Open311) and files nothing; an admin sets the notice in the catalogue in both languages.
 */

type ErrorBody = { error: { message: string; fields?: Record<string, string> } };
const tokenOf = async (key: "admin" | "staff" | "resident") => (await principal(key)).idToken as string;

const gas = (activityId: string | null = "svc-report-gas") => ({
  id: randomUUID(),
  type: "gasLeak",
  activityId,
  address: SEEDED_REPORT_PLACE,
  description: "It smells of gas in the hallway.",
});

/** Nothing of the report exists: no outbox entry, no CRM case. */
async function expectNothingFiled(reportId: string) {
  const entry = await testAdmin().db.collection("outbox").doc(`report-${reportId}`).get();
  expect(entry.exists).toBe(false);
  expect(await casesOfReport(reportId)).toHaveLength(0);
}

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.map((id) => testAdmin().db.collection("activities").doc(id).delete()));
});

describe("stoppers (issue 33)", () => {
  it("the seeded gas report is refused with the gas company's number, from the form, the console and Open311; nothing is filed", async () => {
    const token = await tokenOf("resident");
    const fromForm = gas();
    const answer = await postReport(token, fromForm);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    const body = answer.body as unknown as ErrorBody;
    expect(body.error.fields).toEqual({ "reportData.type": "Stopped" });
    expect(body.error.message).toBe(SEEDED_GAS_STOPPER.en);
    expect(body.error.message).toContain("1-888-642-6748");
    await expectNothingFiled(fromForm.id);

    // Without the catalogue's id the type is still stopped.
    const bare = gas(null);
    const bareAnswer = await postReport(token, bare);
    expect(bareAnswer.status).toBe(400);
    expect((bareAnswer.body as unknown as ErrorBody).error.fields).toEqual({ "reportData.type": "Stopped" });
    await expectNothingFiled(bare.id);

    // City staff filing for a caller meet the same stopper.
    const assisted = gas();
    const console = await callApi<ErrorBody>("POST", `/api/console/people/${seededUser("resident").uid}/reports`, {
      token: await tokenOf("staff"),
      body: { filedAs: "person", report: assisted },
    });
    expect(console.status).toBe(400);
    expect(console.body.error.fields).toEqual({ "reportData.type": "Stopped" });
    await expectNothingFiled(assisted.id);

    // Open311 does not offer the service, and a request for it files nothing.
    const services = await open311Get("services.json");
    const codes = (JSON.parse(services.text) as { service_code: string }[]).map((service) => service.service_code);
    expect(codes).toContain("pothole");
    expect(codes).not.toContain("gasLeak");
    const description = `Gas smell on our block (${randomUUID()})`;
    const open311 = await open311Post("requests.json", [
      ["api_key", OPEN311_SEEDED_DEMO_KEY],
      ["service_code", "gasLeak"],
      ["lat", String(SEEDED_REPORT_PLACE.location.lat)],
      ["long", String(SEEDED_REPORT_PLACE.location.lng)],
      ["description", description],
    ]);
    expect(open311.status).toBe(404);
    const outbox = await testAdmin().db.collection("outbox").where("report.description", "==", description).get();
    expect(outbox.size).toBe(0);
  });

  it("an admin sets a stopper in both languages on a report service and it holds at once; one language, or a non-report service, is refused; cleared, reports go through", async () => {
    const admin = await tokenOf("admin");
    const service = {
      item: "Weeds",
      type: "CUSTOM_FORM",
      action: "REPORT",
      order: 9,
      description: "Report tall weeds on a lot.",
      published: true,
    };
    const stopper = {
      stopperEn: "Weeds are handled by the county this month. Call 847-555-0188.",
      stopperEs: "Este mes la maleza la atiende el condado. Llame al 847-555-0188.",
    };
    const half = await callApi<ErrorBody>("POST", "/api/activities", {
      token: admin,
      body: { ...service, stopperEn: stopper.stopperEn },
    });
    expect(half.status).toBe(400);
    expect(half.body.error.fields).toEqual({ "body.stopperEs": "Required" });
    const notReport = await callApi<ErrorBody>("POST", "/api/activities", {
      token: admin,
      body: { ...service, action: "FIND", ...stopper },
    });
    expect(notReport.status).toBe(400);
    expect(notReport.body.error.fields).toEqual({ "body.stopperEn": "Invalid", "body.stopperEs": "Invalid" });
    const tooLong = await callApi<ErrorBody>("POST", "/api/activities", {
      token: admin,
      body: { ...service, ...stopper, stopperEs: "x".repeat(1001) },
    });
    expect(tooLong.body.error.fields).toEqual({ "body.stopperEs": "Invalid" });

    // Created without a stopper, then edited to carry one.
    const made = await callApi<Activity>("POST", "/api/activities", { token: admin, body: service });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    created.push(made.body.Id);
    expect(made.body.Stopper).toBeNull();
    const edited = await callApi<Activity>("PUT", `/api/activities/${made.body.Id}`, {
      token: admin,
      body: { ...service, ...stopper },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.Stopper).toEqual({ en: stopper.stopperEn, es: stopper.stopperEs });
    const stored = await testAdmin().db.collection("activities").doc(made.body.Id).get();
    expect(stored.get("Stopper")).toEqual({ en: stopper.stopperEn, es: stopper.stopperEs });
    const listed = await callApi<Activity[]>("GET", "/api/activities");
    expect(listed.body.find((activity) => activity.Id === made.body.Id)?.Stopper).toEqual(edited.body.Stopper);

    // The very next weeds report is refused with the English notice, however it names its service.
    const resident = await tokenOf("resident");
    const weeds = (activityId: string | null) => ({
      id: randomUUID(),
      type: "weeds",
      activityId,
      address: SEEDED_REPORT_PLACE,
      description: "Weeds taller than the fence.",
    });
    for (const report of [weeds(made.body.Id), weeds(null)]) {
      const refused = await postReport(resident, report);
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as ErrorBody).error).toMatchObject({
        message: stopper.stopperEn,
        fields: { "reportData.type": "Stopped" },
      });
      await expectNothingFiled(report.id);
    }

    // Cleared (both texts empty): stored as none, and a weeds report is filed.
    const cleared = await callApi<Activity>("PUT", `/api/activities/${made.body.Id}`, {
      token: admin,
      body: { ...service, stopperEn: "", stopperEs: " " },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.Stopper).toBeNull();
    const filed = await postReport(resident, weeds(made.body.Id));
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body).toMatchObject({ status: "filed" });
  });
});
