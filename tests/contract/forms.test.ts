import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formsSandbox } from "../../emulators/src/sandboxes/forms/index.ts";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { QUICK_PERMIT_PROCESS_ID } from "../../emulators/src/seed/forms.ts";
import { createHttpFormsConnector } from "../../functions/src/connectors/forms/http-forms-connector";
import type { ConnectorError } from "../../functions/src/platform/connector-error";
import { connectorFailure } from "../kit/connector-error.ts";
import { submitHostedForm } from "../kit/hosted-form.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const forms = () => createHttpFormsConnector();
const PORTAL = "http://127.0.0.1:5000";

async function expectConnectorError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  expect(await connectorFailure(work)).toMatchObject({ system: "forms", kind });
}

const applicant = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria.lopez@example.com",
  address: "138 Highland Ave",
};

const running = useSandbox(formsSandbox, { FORMS_TIMEOUT_MS: "2000" });

describe("business processes", () => {
  it("lists every process the catalogue names, with ids and names", async () => {
    const { businessProcesses } = await forms().listBusinessProcesses();
    const ids = businessProcesses.map((process) => process.id);
    for (const id of [...Object.values(SEEDED_FORM_PROCESSES), QUICK_PERMIT_PROCESS_ID]) expect(ids).toContain(id);
    expect(businessProcesses.find((process) => process.id === SEEDED_FORM_PROCESSES.specialEvent)?.name).toBe(
      "Special Event Permit",
    );
  });

  it("is unavailable with a wrong API key", async () => {
    process.env.FORMS_API_KEY = "wrong";
    try {
      await expectConnectorError(forms().listBusinessProcesses(), "unavailable");
    } finally {
      process.env.FORMS_API_KEY = running.sandbox.env.FORMS_API_KEY;
    }
  });
});

describe("hosted form page", () => {
  it("labels every field, prefills params and posts its height to the portal origin", async () => {
    const url = forms().hostedFormUrl({
      bpid: SEEDED_FORM_PROCESSES.pavilion,
      portalSubmissionId: randomUUID(),
      params: { firstName: "Maria", email: "maria.lopez@example.com" },
      parentOrigin: PORTAL,
    });
    const response = await fetch(url);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    const controls = [...page.matchAll(/<(?:input|select|textarea) (?:type="(?!hidden)\w+" )?id="([\w-]+)"/g)].map(
      (match) => match[1],
    );
    expect(controls.length).toBeGreaterThanOrEqual(6);
    for (const id of controls) expect(page).toContain(`<label for="${id}">`);
    expect(page).toMatch(/id="field-firstName" name="firstName" required aria-required="true" value="Maria"/);
    expect(page).toContain(`postMessage({ source: "city-forms", ...message }, parentOrigin)`);
    expect(page).toContain(`const parentOrigin = "${PORTAL}"`);
    expect(page).toContain('event: "height"');
  });

  it("shows an error summary and linked field errors for missing required fields, and records nothing", async () => {
    const portalSubmissionId = randomUUID();
    const url = forms().hostedFormUrl({
      bpid: SEEDED_FORM_PROCESSES.alarmPermit,
      portalSubmissionId,
      parentOrigin: PORTAL,
    });
    const response = await submitHostedForm(url, { ...applicant, lastName: "" });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('<a href="#field-lastName">Enter last name</a>');
    expect(page).toMatch(
      /id="field-lastName" name="lastName" required aria-required="true" aria-invalid="true" aria-describedby="field-lastName-error"/,
    );
    await expectConnectorError(forms().submission(portalSubmissionId, SEEDED_FORM_PROCESSES.alarmPermit), "not_found");
  });

  it("answers 404 for an unknown process", async () => {
    const url = forms().hostedFormUrl({ bpid: "9999", portalSubmissionId: "x", parentOrigin: PORTAL });
    expect((await fetch(url)).status).toBe(404);
  });
});

describe("submission and lookup", () => {
  it("reports success with the fee total and the portal finds the submission by its id", async () => {
    const portalSubmissionId = randomUUID();
    const bpid = SEEDED_FORM_PROCESSES.specialEvent;
    const url = forms().hostedFormUrl({ bpid, portalSubmissionId, parentOrigin: PORTAL });
    const response = await submitHostedForm(url, {
      ...applicant,
      eventName: "Harvest Fest",
      eventDate: "2026-12-05",
      attendance: "800",
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(
      JSON.stringify({ event: "submitted", success: true, bpid, portalSubmissionId, feeTotal: "100.00" }),
    );
    const submission = await forms().submission(portalSubmissionId, bpid);
    expect(submission).toMatchObject({
      portalSubmissionId,
      bpid,
      processName: "Special Event Permit",
      feeTotalCents: 10_000,
      fields: { eventName: "Harvest Fest", attendance: "800", firstName: "Maria" },
    });
    expect(Date.parse(submission.submittedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reports a zero fee for a free form", async () => {
    const portalSubmissionId = randomUUID();
    const bpid = SEEDED_FORM_PROCESSES.treePlanting;
    await submitHostedForm(forms().hostedFormUrl({ bpid, portalSubmissionId, parentOrigin: PORTAL }), applicant);
    expect((await forms().submission(portalSubmissionId, bpid)).feeTotalCents).toBe(0);
  });

  it("does not find a submission under another process or an unknown id", async () => {
    const portalSubmissionId = randomUUID();
    const bpid = SEEDED_FORM_PROCESSES.blockParty;
    await submitHostedForm(forms().hostedFormUrl({ bpid, portalSubmissionId, parentOrigin: PORTAL }), {
      ...applicant,
      eventDate: "2026-12-12",
      blockFrom: "Spring St",
      blockTo: "Grove Ave",
    });
    expect((await forms().submission(portalSubmissionId, bpid)).bpid).toBe(bpid);
    await expectConnectorError(forms().submission(portalSubmissionId, SEEDED_FORM_PROCESSES.pavilion), "not_found");
    await expectConnectorError(forms().submission(randomUUID(), bpid), "not_found");
  });
});

describe("faults and counters", () => {
  it("gives up on a slow service within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "FORMS_TIMEOUT_MS", async () => {
      await expectConnectorError(forms().listBusinessProcesses(), "unavailable");
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the service's own failures (failureRate 1) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectConnectorError(forms().submission("any", SEEDED_FORM_PROCESSES.blockParty), "unavailable");
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectConnectorError(forms().listBusinessProcesses(), "unavailable");
  });

  it("counts requests per route", async () => {
    await forms().listBusinessProcesses();
    await forms().listBusinessProcesses();
    await expectConnectorError(forms().submission("missing", "1021"), "not_found");
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /forms/api/v1/business-processes"]).toBe(2);
  });
});
