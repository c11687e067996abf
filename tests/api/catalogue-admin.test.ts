import { afterAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { Activity } from "../../functions/src/contract/activity.ts";
import { POPULAR_ICON_MAX_BYTES } from "../../functions/src/contract/catalogue-admin.ts";
import { fingerprint, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { residentApplicant, submitHostedForm } from "../kit/hosted-form.ts";
import { stackCrm } from "../kit/identity.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

const adminToken = async () => (await principal("admin")).idToken;
const residentToken = async () => (await principal("resident")).idToken;

const content = {
  item: "Borrow a park shelter",
  type: "CONTENT",
  action: "RENT",
  order: 4,
  description: "Reserve a shelter for your picnic.",
  published: true,
  content: "Shelters can be reserved from May to September.",
};

const created: string[] = [];
afterAll(async () => {
  const { db } = testAdmin();
  await Promise.all(created.map((id) => db.collection("activities").doc(id).delete()));
});

async function create(body: Record<string, unknown>) {
  const answer = await callApi<Activity>("POST", "/api/activities", { token: await adminToken(), body });
  if (answer.status === 200) created.push(answer.body.Id);
  return answer;
}

describe("service catalogue administration", () => {
  it("an admin creates a service; it is stored and the public list shows it at once", async () => {
    const answer = await create(content);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Item: content.item,
      Type: "CONTENT",
      Action: "RENT",
      Order: 4,
      Published: true,
    });
    const stored = await testAdmin().db.collection("activities").doc(answer.body.Id).get();
    expect(stored.data()).toMatchObject({ Item: content.item, Content: content.content, Deleted: false });
    const list = await callApi<Activity[]>("GET", "/api/activities");
    expect(list.body.map((activity) => activity.Id)).toContain(answer.body.Id);
  });

  it("answers validation errors as a field map and stores nothing", async () => {
    const before = await fingerprint(["activities"]);
    const answer = await callApi<{ error: { fields: Record<string, string> } }>("POST", "/api/activities", {
      token: await adminToken(),
      body: { ...content, item: " ", order: -1, type: "EXTERNAL_LINK", externalLink: "not a url", calendlyLink: "x" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      "body.item": "Required",
      "body.order": "Invalid",
      "body.externalLink": "Invalid",
      "body.calendlyLink": "Invalid",
    });
    const form = await callApi<{ error: { fields: Record<string, string> } }>("POST", "/api/activities", {
      token: await adminToken(),
      body: { ...content, type: "LASERFICHE_FORM", salesforceObjectId: "Account" },
    });
    expect(form.body.error.fields).toEqual({
      "body.salesforceObjectId": "Invalid",
      "body.laserficheProcessId": "Required",
    });
    expect(await fingerprint(["activities"])).toBe(before);
  });

  it("gives an empty description the default while EnablePopularServices is on, and requires it when off", async () => {
    const { db } = testAdmin();
    const flag = db.collection("featureFlags").doc("EnablePopularServices");
    const answer = await create({ ...content, description: "" });
    expect(answer.status).toBe(200);
    expect(answer.body.Description).toBe('Press "start" to continue.');
    await flag.set({ name: "EnablePopularServices", enabled: false });
    try {
      const refused = await callApi<{ error: { fields: Record<string, string> } }>("POST", "/api/activities", {
        token: await adminToken(),
        body: { ...content, description: "" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ "body.description": "Required" });
    } finally {
      await flag.set({ name: "EnablePopularServices", enabled: true });
    }
  });

  it("an admin edits a service; the type cannot change; an unknown id is 'Activity could not be found'", async () => {
    const { body: service } = await create(content);
    const token = await adminToken();
    const edited = await callApi<Activity>("PUT", `/api/activities/${service.Id}`, {
      token,
      body: { ...content, item: "Reserve a park shelter", toggleInAppBrowser: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ Item: "Reserve a park shelter", ToggleInAppBrowser: true });
    const one = await callApi<Activity>("GET", `/api/activities/${service.Id}`);
    expect(one.body.Item).toBe("Reserve a park shelter");

    const retyped = await callApi<{ error: { fields: Record<string, string> } }>(
      "PUT",
      `/api/activities/${service.Id}`,
      {
        token,
        body: { ...content, type: "EXTERNAL_LINK", externalLink: "https://example.gov" },
      },
    );
    expect(retyped.status).toBe(400);
    expect(retyped.body.error.fields).toEqual({ "body.type": "Invalid" });

    const missing = await callApi<{ error: { message: string } }>("PUT", "/api/activities/no-such-service", {
      token,
      body: content,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Activity could not be found");
  });

  it("delete is a soft delete: Deleted true, gone from the lists", async () => {
    const { body: service } = await create(content);
    const token = await adminToken();
    const answer = await callApi("DELETE", `/api/activities/${service.Id}`, { token });
    expect(answer.status).toBe(204);
    const stored = await testAdmin().db.collection("activities").doc(service.Id).get();
    expect(stored.exists).toBe(true);
    expect(stored.get("Deleted")).toBe(true);
    const all = await callApi<Activity[]>("GET", "/api/activities/all", { token });
    expect(all.body.map((activity) => activity.Id)).not.toContain(service.Id);
    expect((await callApi("GET", `/api/activities/${service.Id}`)).status).toBe(404);
    expect((await callApi("DELETE", `/api/activities/${service.Id}`, { token })).status).toBe(404);
  });

  it("refuses residents and anonymous visitors and changes nothing", async () => {
    const { body: service } = await create(content);
    const before = await fingerprint(["activities"]);
    const token = await residentToken();
    expect((await callApi("POST", "/api/activities", { token, body: content })).status).toBe(403);
    expect((await callApi("PUT", `/api/activities/${service.Id}`, { token, body: content })).status).toBe(403);
    expect((await callApi("DELETE", `/api/activities/${service.Id}`, { token })).status).toBe(403);
    expect((await callApi("DELETE", `/api/activities/${service.Id}`)).status).toBe(401);
    expect((await callApi("GET", "/api/activities/all", { token })).status).toBe(403);
    expect(await fingerprint(["activities"])).toBe(before);
  });
});

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function uploadIcon(id: string, bytes: Buffer, type: string, token: string | null) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), "icon.png");
  const response = await fetch(`${stackInfo().portalUrl}/api/activities/setPopularService/${id}`, {
    method: "PUT",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

describe("popular-service icon", () => {
  it("is stored, linked from the service and served by the API", async () => {
    const { body: service } = await create({ ...content, popularService: true, popularServiceOrder: 2 });
    const answer = await uploadIcon(service.Id, PNG, "image/png", await adminToken());
    expect(answer.status).toBe(200);
    const url = answer.body.urlResponse as string;
    expect(url).toMatch(new RegExp(`^/api/activities/${service.Id}/icon\\?v=\\d+$`));
    const one = await callApi<Activity>("GET", `/api/activities/${service.Id}`);
    expect(one.body.PopularServiceIconURL).toBe(url);
    const image = await fetch(`${stackInfo().portalUrl}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses a file over the limit with 413, an SVG or non-image with 400, and a resident with 403", async () => {
    const { body: service } = await create(content);
    const token = await adminToken();
    const big = Buffer.concat([PNG, Buffer.alloc(POPULAR_ICON_MAX_BYTES + 10)]);
    expect((await uploadIcon(service.Id, big, "image/png", token)).status).toBe(413);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await uploadIcon(service.Id, svg, "image/svg+xml", token)).status).toBe(400);
    expect((await uploadIcon(service.Id, Buffer.from("hello"), "image/png", token)).status).toBe(400);
    expect((await uploadIcon(service.Id, PNG, "image/png", await residentToken())).status).toBe(403);
    const stored = await testAdmin().db.collection("activities").doc(service.Id).get();
    expect(stored.get("PopularServiceIconURL")).toBeNull();
  });
});

describe("feature flags administration", () => {
  it("an admin toggles a flag; the change is recorded with who and when; residents are refused", async () => {
    const token = await adminToken();
    const started = Date.now();
    try {
      const on = await callApi("PUT", "/api/featureflags/EnableCORE", { token, body: { enabled: true } });
      expect(on.status).toBe(200);
      const flags = await callApi<{ name: string; enabled: boolean }[]>("GET", "/api/featureflags");
      expect(flags.body.find((flag) => flag.name === "EnableCORE")?.enabled).toBe(true);
    } finally {
      await callApi("PUT", "/api/featureflags/EnableCORE", { token, body: { enabled: false } });
    }
    const changes = await callApi<
      { name: string; enabled: boolean; changedBy: { uid: string; email: string }; changedAt: string }[]
    >("GET", "/api/featureflags/changes", { token });
    const last = changes.body.find((change) => change.name === "EnableCORE");
    expect(last).toMatchObject({
      enabled: false,
      changedBy: { uid: seededUser("admin").uid, email: seededUser("admin").email },
    });
    expect(Date.parse(last?.changedAt ?? "")).toBeGreaterThanOrEqual(started - 5000);
    const { db } = testAdmin();
    const recorded = await db.collection("featureFlagChanges").where("name", "==", "EnableCORE").get();
    expect(recorded.docs.map((doc) => doc.get("enabled"))).toEqual(expect.arrayContaining([true, false]));

    const before = await fingerprint(["featureFlags", "featureFlagChanges"]);
    const refused = await callApi("PUT", "/api/featureflags/EnableCORE", {
      token: await residentToken(),
      body: { enabled: true },
    });
    expect(refused.status).toBe(403);
    expect((await callApi("PUT", "/api/featureflags/NoSuchFlag", { token, body: { enabled: true } })).status).toBe(400);
    expect(await fingerprint(["featureFlags", "featureFlagChanges"])).toBe(before);
  });
});

describe("translations administration", () => {
  it("PUT /api/i18n saves texts that the processed endpoint serves at once", async () => {
    const token = await adminToken();
    const record = {
      Id: "es:Activity.Item.api-test",
      Language: "es",
      Group: "Activity.Item",
      LanguageKey: "api-test",
      SingularForm: "  Reservar un refugio  ",
      PluralForm: null,
    };
    const saved = await callApi("PUT", "/api/i18n", { token, body: [record] });
    expect(saved.status).toBe(200);
    const processed = await callApi<{ Activity: { Item: Record<string, string> } }>(
      "GET",
      `/api/i18n/processed/es/translation?v=${Date.now()}`,
    );
    expect(processed.body.Activity.Item["api-test"]).toBe("Reservar un refugio");
    // The texts are served from memory (a listener, data/translations.ts): a second save of the
    // same record, read back without a cache buster, shows the cached copy was replaced.
    const resaved = await callApi("PUT", "/api/i18n", {
      token,
      body: [{ ...record, SingularForm: "Reservar un salón" }],
    });
    expect(resaved.status).toBe(200);
    const reread = await callApi<{ Activity: { Item: Record<string, string> } }>(
      "GET",
      "/api/i18n/processed/es/translation",
    );
    expect(reread.body.Activity.Item["api-test"]).toBe("Reservar un salón");
    const raw = await callApi<{ Id: string; SingularForm: string }[]>("GET", "/api/i18n/raw/es/translation", { token });
    expect(raw.body.find((row) => row.Id === record.Id)?.SingularForm).toBe("Reservar un salón");
    await testAdmin().db.collection("translations").doc(record.Id).delete();
  });

  it("refuses a blank SingularForm or a mismatched Id with a field map, and non-admins", async () => {
    const token = await adminToken();
    const before = await fingerprint(["translations"]);
    const base = {
      Id: "es:Header.Login",
      Language: "es",
      Group: "Header",
      LanguageKey: "Login",
      SingularForm: "Entrar",
    };
    const blank = await callApi<{ error: { fields: Record<string, string> } }>("PUT", "/api/i18n", {
      token,
      body: [{ ...base, SingularForm: "   " }],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ "body.0.SingularForm": "Required" });
    const mismatch = await callApi("PUT", "/api/i18n", { token, body: [{ ...base, Id: "es:Header.Logout" }] });
    expect(mismatch.status).toBe(400);
    expect((await callApi("PUT", "/api/i18n", { token: await residentToken(), body: [base] })).status).toBe(403);
    expect((await callApi("GET", "/api/i18n/raw/es/translation", { token: await residentToken() })).status).toBe(403);
    expect(await fingerprint(["translations"])).toBe(before);
  });
});

describe("embedded forms", () => {
  it("GET /api/laserfiche/forms lists the forms service's processes for admins only", async () => {
    const answer = await callApi<{ businessProcesses: { id: string; name: string }[] }>(
      "GET",
      "/api/laserfiche/forms",
      {
        token: await adminToken(),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.businessProcesses).toEqual(expect.arrayContaining([{ id: "1021", name: "Block Party Permit" }]));
    expect((await callApi("GET", "/api/laserfiche/forms", { token: await residentToken() })).status).toBe(403);
  });

  it("GET /api/salesforce/activity/:objectId/fields describes an allowed CRM object once and then serves the cache", async () => {
    const token = await adminToken();
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const first = await callApi<{ name: string }[]>("GET", "/api/salesforce/activity/Zoning_Inquiry__c/fields", {
      token,
    });
    expect(first.status).toBe(200);
    expect(first.body.map((field) => field.name)).toContain("Status__c");
    const before = (await crm.counters()).total;
    const second = await callApi<{ name: string }[]>("GET", "/api/salesforce/activity/Zoning_Inquiry__c/fields", {
      token,
    });
    expect(second.body).toEqual(first.body);
    expect((await crm.counters()).total).toBe(before);
    expect((await callApi("GET", "/api/salesforce/activity/Account/fields", { token })).status).toBe(400);
  });

  it("submitToPortal records the submission while the CRM is down, and sends it once the CRM is back", async () => {
    const token = await residentToken();
    const minted = await callApi<{ url: string; origin: string; portalSubmissionId: string }>(
      "GET",
      `/api/laserfiche/formUrl?bpid=1021&params=${encodeURIComponent('{"firstName":"Maria"}')}`,
      { token, headers: { referer: `${stackInfo().portalUrl}/laserfiche/form` } },
    );
    expect(minted.status).toBe(200);
    expect(minted.body.url.startsWith(minted.body.origin)).toBe(true);
    expect(new URL(minted.body.url).searchParams.get("parentOrigin")).toBe(new URL(stackInfo().portalUrl).origin);
    const { portalSubmissionId } = minted.body;
    // The resident fills the hosted form (the browser journey does this in the frame).
    const filled = await submitHostedForm(minted.body.url, {
      ...residentApplicant(),
      eventDate: "2026-07-04",
      blockFrom: "Chicago St",
      blockTo: "Division St",
    });
    expect(filled.status).toBe(200);

    // Another resident cannot claim it.
    const stolen = await callApi("POST", "/api/laserfiche/submitToPortal", {
      token: (await principal("resident2")).idToken,
      body: { portalSubmissionId, bpid: "1021" },
    });
    expect(stolen.status).toBe(403);

    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    await crm.setFaults({ down: true });
    let answer: { status: number; body: unknown };
    try {
      answer = await callApi("POST", "/api/laserfiche/submitToPortal", {
        token,
        body: { portalSubmissionId, bpid: "1021" },
      });
    } finally {
      await crm.setFaults({ down: false });
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ portalSubmissionId, status: "recorded" });
    const ref = testAdmin().db.collection("outbox").doc(`form-${portalSubmissionId}`);
    expect((await ref.get()).data()).toMatchObject({
      kind: "formSubmission",
      uid: seededUser("resident").uid,
      contactId: seededUser("resident").salesforceId,
      bpid: "1021",
      status: "pending",
      attempts: 1,
    });

    const again = await callApi("POST", "/api/laserfiche/submitToPortal", {
      token,
      body: { portalSubmissionId, bpid: "1021" },
    });
    expect(again.body).toMatchObject({ portalSubmissionId, status: "sent", feeTotal: 0 });
    const sent = (await ref.get()).data();
    expect(sent).toMatchObject({ status: "sent", objectName: "Case" });
    expect(sent?.crmId).toMatch(/^500/);
    // The case carries the answers read back from the forms service.
    const crmCase = await stackCrm().retrieve<{ Id: string; Description: string; Subject: string }>(
      "Case",
      sent?.crmId,
    );
    expect(crmCase.Description).toContain(`Online form submission ${portalSubmissionId} (process 1021)`);
    expect(crmCase.Description).toContain("firstName: Maria");
    expect(crmCase.Description).toContain("blockFrom: Chicago St");
  });

  it("submitToPortal keeps a submission the forms service has not recorded pending, and never sends it", async () => {
    const token = await residentToken();
    const minted = await callApi<{ portalSubmissionId: string }>("GET", "/api/laserfiche/formUrl?bpid=1022", { token });
    const { portalSubmissionId } = minted.body;
    // The page claims a submit, but the form was never filled in.
    const answer = await callApi("POST", "/api/laserfiche/submitToPortal", {
      token,
      body: { portalSubmissionId, bpid: "1022" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ portalSubmissionId, status: "recorded", feeTotal: null });
    const stored = (await testAdmin().db.collection("outbox").doc(`form-${portalSubmissionId}`).get()).data();
    expect(stored).toMatchObject({ status: "pending", crmId: null, form: null });
    expect(stored?.lastError).toContain("forms not_found");
  });
});
