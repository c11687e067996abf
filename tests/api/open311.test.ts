import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import { OPEN311_SEEDED_DEMO_KEY, type Open311KeyCreated } from "../../functions/src/contract/open311-keys.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { stackCrm } from "../kit/identity.ts";
import {
  asXmlTexts,
  type Open311Answer,
  open311Get,
  open311Post,
  open311Validators,
  readOpen311Xml,
} from "../kit/open311.ts";
import { principal } from "../kit/principals.ts";
import { runReportsJob } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 30: Open311 GeoReport v2 under /open311/v2/. Every endpoint's JSON is checked against the
 * Open311 community's JSON schemas, and its XML read back with an XML parser to the same model.
 * Requests are posted as FixMyStreet's client (perllib/Open311.pm) posts them: form-encoded, lists
 * as repeated fields. The npm `open311` client's own journey is api/open311-client.test.ts.
 */

const validators = open311Validators();
const json = (answer: Open311Answer) => JSON.parse(answer.text) as unknown;

/** Both formats of one GET: the JSON model, and the XML read back, which must hold the same model. */
async function bothFormats(path: string, query = "", headers: Record<string, string> = {}) {
  const fromJson = await open311Get(`${path}.json${query}`, headers);
  const fromXml = await open311Get(`${path}.xml${query}`, headers);
  expect(fromJson.status, fromJson.text).toBe(200);
  expect(fromJson.contentType).toContain("application/json");
  expect(fromXml.status, fromXml.text).toBe(200);
  expect(fromXml.contentType).toContain("text/xml");
  const model = json(fromJson);
  const read = readOpen311Xml(fromXml.text);
  expect(read.model).toEqual(asXmlTexts(model));
  return { model, root: read.root, xml: fromXml.text };
}

/** A FixMyStreet-shaped request: its fields in FixMyStreet's names, lists as repeated fields. */
function fixMyStreetForm(overrides: [string, string][] = [], key = OPEN311_SEEDED_DEMO_KEY): [string, string][] {
  const replaced = new Set(overrides.map(([name]) => name));
  const base: [string, string][] = [
    ["api_key", key],
    ["jurisdiction_id", "elgin"],
    ["service_code", "missedCollection"],
    ["lat", "42.0372"],
    ["long", "-88.2812"],
    ["first_name", "Pat"],
    ["last_name", "Reporter"],
    ["email", `pat.${randomUUID().slice(0, 8)}@example.org`],
    ["phone", "847-555-0142"],
    ["description", `Missed collection on our block (${randomUUID()})`],
    ["attribute[collectionType]", "REFUSE"],
    ["attribute[collectionType]", "RECYCLING"],
    ["media_url", "https://www.fixmystreet.example/photo/101.0.full.jpeg"],
    ["media_url", "https://www.fixmystreet.example/photo/101.1.full.jpeg"],
    ["deviceid", "fixmystreet"],
  ];
  // An override replaces every field of its name (a list field included).
  return [...base.filter(([name]) => !replaced.has(name)), ...overrides];
}

type CaseRecord = {
  Id: string;
  CaseNumber: string;
  ContactId: string | null;
  Description: string;
  Report_Category__c: string;
};
const caseNumbered = async (caseNumber: string) =>
  (
    await stackCrm().query<CaseRecord>(
      soql`SELECT Id, CaseNumber, ContactId, Description, Report_Category__c FROM Case WHERE CaseNumber = ${caseNumber}`,
    )
  )[0];

const idOf = (answer: Open311Answer) => {
  const [first] = json(answer) as { service_request_id?: string; token?: string }[];
  return first ?? {};
};

describe("Open311 GeoReport v2: contract", () => {
  it("discovery names the endpoint and its formats, in XML and JSON", async () => {
    // No schema for discovery in open311/schema-validation: the shape of the Service_Discovery page.
    const { model, root } = await bothFormats("discovery");
    expect(root).toBe("discovery");
    expect(model).toMatchObject({
      changeset: expect.any(String),
      contact: expect.any(String),
      key_service: expect.any(String),
      endpoints: [
        {
          specification: "http://wiki.open311.org/GeoReport_v2",
          url: `${stackInfo().portalUrl}/open311/v2`,
          type: "production",
          formats: ["text/xml", "application/json"],
        },
      ],
    });
  });

  it("services: one per report type of the catalogue, valid, in English or Spanish by Accept-Language or locale", async () => {
    const english = await bothFormats("services");
    expect(english.root).toBe("services");
    expect(validators.services(english.model), validators.errors(validators.services)).toBe(true);
    const codes = (english.model as { service_code: string }[]).map((service) => service.service_code);
    expect(codes).toEqual(expect.arrayContaining(["pothole", "graffiti", "streetlight", "missedCollection"]));
    expect(english.model).toContainEqual(
      expect.objectContaining({ service_code: "pothole", service_name: "Pothole", metadata: false, type: "realtime" }),
    );
    const byHeader = await bothFormats("services", "", { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(byHeader.model).toContainEqual(expect.objectContaining({ service_code: "pothole", service_name: "Bache" }));
    const byLocale = await bothFormats("services", "?locale=es", { "accept-language": "en" });
    expect(byLocale.model).toEqual(byHeader.model);
    expect(validators.services(byLocale.model), validators.errors(validators.services)).toBe(true);
  });

  it("a service definition has the type's questions as attributes, a multivaluelist among them", async () => {
    const { model, root } = await bothFormats("services/missedCollection");
    expect(root).toBe("service_definition");
    expect(validators.serviceDefinition(model), validators.errors(validators.serviceDefinition)).toBe(true);
    expect(model).toMatchObject({
      service_code: "missedCollection",
      attributes: [
        {
          variable: true,
          code: "collectionType",
          datatype: "multivaluelist",
          required: true,
          order: 1,
          values: expect.arrayContaining([{ key: "RECYCLING", name: "Recycling" }]),
        },
      ],
    });
    const spanish = await bothFormats("services/graffiti", "?locale=es");
    expect(validators.serviceDefinition(spanish.model)).toBe(true);
    expect(JSON.stringify(spanish.model)).toContain("¿El grafiti es ofensivo?");
  });

  it("requests and one request validate, with dates in the city's offset and no personal data", async () => {
    const list = await bothFormats("requests", "?status=open,closed");
    expect(list.root).toBe("service_requests");
    expect(validators.requests(list.model), validators.errors(validators.requests)).toBe(true);
    const requests = list.model as { service_request_id: string; requested_datetime: string }[];
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(1000);
    for (const request of requests) expect(request.requested_datetime).toMatch(/T\d\d:\d\d:\d\d-0[56]:00$/);
    const first = requests[0] as { service_request_id: string };
    const one = await bothFormats(`requests/${first.service_request_id}`);
    expect(validators.requests(one.model), validators.errors(validators.requests)).toBe(true);
    expect(one.model).toEqual([requests[0]]);
  });

  it("servicerequestupdates (mySociety's extension) lists changes with the extended status", async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const { model, root } = await bothFormats("servicerequestupdates", `?start_date=${encodeURIComponent(since)}`);
    expect(root).toBe("service_request_updates");
    // No schema in open311/schema-validation: open311-adapter's service_request_update type.
    const statuses = ["open", "closed", "fixed", "in_progress", "action_scheduled", "investigating", "duplicate"];
    for (const update of model as Record<string, unknown>[]) {
      expect(Object.keys(update).sort()).toEqual(
        ["description", "media_url", "service_request_id", "status", "update_id", "updated_datetime"].sort(),
      );
      expect([
        ...statuses,
        "not_councils_responsibility",
        "cancelled",
        "planned",
        "for_triage",
        "no_further_action",
      ]).toContain(update.status);
    }
  });

  it("errors are the standard's list: 404 unknown resource, 403 bad or missing api_key, 400 otherwise", async () => {
    const unknown = await open311Get("services/not-a-service.json");
    expect(unknown.status).toBe(400);
    const missingService = await open311Get("services/trees.xml");
    expect(missingService.status).toBe(404);
    expect(readOpen311Xml(missingService.text)).toEqual({
      root: "errors",
      model: [{ code: "404", description: expect.any(String) }],
    });
    const noSuchPath = await open311Get("nothing-here.json");
    expect(noSuchPath.status).toBe(404);
    expect(json(noSuchPath)).toEqual([{ code: 404, description: expect.any(String) }]);
    const noKey = await open311Post(
      "requests.xml",
      fixMyStreetForm().filter(([name]) => name !== "api_key"),
    );
    expect(noKey.status).toBe(403);
    expect(readOpen311Xml(noKey.text).root).toBe("errors");
    const badKey = await open311Post("requests.json", fixMyStreetForm([], "o311_not-a-key"));
    expect(badKey.status).toBe(403);
    expect(json(badKey)).toEqual([{ code: 403, description: "api_key is not valid." }]);
    const tooLong = await open311Post("requests.json", fixMyStreetForm([["description", "x".repeat(4001)]]));
    expect(tooLong.status).toBe(400);
    expect(json(tooLong)).toEqual([{ code: 400, description: expect.stringContaining("description") }]);
    const badOption = await open311Post("requests.json", fixMyStreetForm([["attribute[collectionType]", "TIRES"]]));
    expect(badOption.status).toBe(400);
    const outside = await open311Post("requests.json", fixMyStreetForm([["lat", "41.50"]]));
    expect(outside.status).toBe(400);
    const tooWide = await open311Get("requests.json?start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z");
    expect(tooWide.status).toBe(400);
  });
});

describe("Open311 GeoReport v2: filing", () => {
  it("a FixMyStreet-shaped post with two media_url values and a multivaluelist attribute is filed with both, once", async () => {
    const form = fixMyStreetForm();
    const filed = await open311Post("requests.xml", form);
    expect(filed.status, filed.text).toBe(200);
    const read = readOpen311Xml(filed.text);
    expect(read.root).toBe("service_requests");
    const [answer] = read.model as { service_request_id: string; service_notice: string }[];
    expect(answer?.service_request_id).toMatch(/^\d{8}$/);
    const caseNumber = answer?.service_request_id as string;
    const stored = await caseNumbered(caseNumber);
    expect(stored?.Report_Category__c).toBe("REFUSE;RECYCLING");
    expect(stored?.Description).toContain(
      "Media: https://www.fixmystreet.example/photo/101.0.full.jpeg https://www.fixmystreet.example/photo/101.1.full.jpeg",
    );
    expect(stored?.Description).toContain("Filed through Open311 by FixMyStreet (local demo)");
    // The same request again (a retry after a lost answer) answers the same id and files nothing.
    const again = await open311Post("requests.xml", form);
    expect(readOpen311Xml(again.text).model).toEqual(read.model);
    const count = await stackCrm().query<{ Id: string }>(
      soql`SELECT Id FROM Case WHERE Description LIKE ${`%${form.find(([name]) => name === "description")?.[1]}%`}`,
    );
    expect(count).toHaveLength(1);
    // Read back: the case without the reporter's personal data.
    const back = await open311Get(`requests/${caseNumber}.json`);
    const [request] = json(back) as Record<string, unknown>[];
    expect(request).toMatchObject({
      service_request_id: caseNumber,
      service_code: "missedCollection",
      status: "open",
      media_url: "https://www.fixmystreet.example/photo/101.0.full.jpeg",
      lat: 42.0372,
      long: -88.2812,
    });
    for (const [name, value] of form.filter(([field]) =>
      ["email", "phone", "first_name", "last_name"].includes(field),
    )) {
      expect(back.text, name).not.toContain(value);
    }
    // attribute[code][] is taken as well.
    const bracketed = await open311Post(
      "requests.json",
      fixMyStreetForm().map(([name, value]): [string, string] =>
        name === "attribute[collectionType]" ? ["attribute[collectionType][]", value] : [name, value],
      ),
    );
    expect(bracketed.status, bracketed.text).toBe(200);
    expect(validators.requestResponse(json(bracketed)), validators.errors(validators.requestResponse)).toBe(true);
    const bracketedCase = await caseNumbered(idOf(bracketed).service_request_id as string);
    expect(bracketedCase?.Report_Category__c).toBe("REFUSE;RECYCLING");
  });

  it("while the CRM is down a request answers a token, and the token resolves to the case id after recovery", async () => {
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const form = fixMyStreetForm();
    let received: Open311Answer;
    try {
      await crm.setFaults({ down: true });
      received = await open311Post("requests.json", form);
    } finally {
      await crm.setFaults({ down: false });
    }
    expect(received.status, received.text).toBe(200);
    expect(validators.requestResponse(json(received)), validators.errors(validators.requestResponse)).toBe(true);
    const { token, service_request_id } = idOf(received);
    expect(service_request_id).toBeUndefined();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const waiting = await open311Get(`tokens/${token}.json`);
    expect(json(waiting)).toEqual([{ token }]);

    await runReportsJob();
    const resolved = await bothFormats(`tokens/${token}`);
    expect(validators.tokenResponse(resolved.model), validators.errors(validators.tokenResponse)).toBe(true);
    const [entry] = resolved.model as { service_request_id: string }[];
    expect(entry?.service_request_id).toMatch(/^\d{8}$/);
    const stored = await caseNumbered(entry?.service_request_id as string);
    expect(stored?.Report_Category__c).toBe("REFUSE;RECYCLING");
    const unknownToken = await open311Get(`tokens/${randomUUID()}.xml`);
    expect(unknownToken.status).toBe(404);
  });

  it("a report filed with a verified resident's email is hers: her case, in her In progress", async () => {
    const resident = seededUser("resident");
    const filed = await open311Post(
      "requests.json",
      fixMyStreetForm([["email", resident.email]]).filter(([name]) => name !== "phone"),
    );
    expect(filed.status, filed.text).toBe(200);
    const caseNumber = idOf(filed).service_request_id as string;
    const stored = await caseNumbered(caseNumber);
    expect(stored?.ContactId).toBe(resident.salesforceId);
    const me = await principal("resident");
    const inProgress = await callApi<{ inProgress: { id: string }[] }>("GET", "/api/salesforce/inProgress", {
      token: me.idToken,
    });
    expect(inProgress.body.inProgress.map((item) => item.id)).toContain(stored?.Id);
    // The admin user view's events name the app that filed it.
    const { db } = testAdmin();
    const events = await db.collection("userEvents").where("UserId", "==", resident.uid).get();
    const event = events.docs
      .map((doc) => doc.data())
      .find((data) => data.Event === "CreateActivity" && data.Data?.filedBy);
    expect(event?.Data).toMatchObject({ filedBy: "FixMyStreet (local demo)", type: "missedCollection" });
  });

  it("admins create, limit and revoke keys; each key has its own throttle; a revoked key is refused", async () => {
    const admin = await principal("admin");
    const resident = await principal("resident");
    const refused = await callApi("POST", "/api/open311-keys", {
      token: resident.idToken,
      body: { name: "Nope", limitPerHour: 5 },
    });
    expect(refused.status).toBe(403);
    const created = await callApi<Open311KeyCreated>("POST", "/api/open311-keys", {
      token: admin.idToken,
      body: { name: "SeeClickFix test", limitPerHour: 1 },
    });
    expect(created.status).toBe(200);
    const { key, id } = created.body;
    expect(key).toMatch(/^o311_/);
    const listed = await callApi<{ keys: Record<string, unknown>[] }>("GET", "/api/open311-keys", {
      token: admin.idToken,
    });
    const row = listed.body.keys.find((entry) => entry.id === id);
    expect(row).toMatchObject({ name: "SeeClickFix test", limitPerHour: 1, revokedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const { db } = testAdmin();
    expect(JSON.stringify((await db.collection("open311Keys").doc(id).get()).data())).not.toContain(key);

    const first = await open311Post("requests.json", fixMyStreetForm([], key));
    expect(first.status, first.text).toBe(200);
    const stored = await caseNumbered(idOf(first).service_request_id as string);
    expect(stored?.Description).toContain("Filed through Open311 by SeeClickFix test");
    const second = await open311Post("requests.json", fixMyStreetForm([], key));
    expect(second.status, second.text).toBe(429);
    expect(json(second)).toEqual([{ code: 429, description: expect.any(String) }]);
    // Another key's budget is its own.
    const other = await open311Post("requests.json", fixMyStreetForm());
    expect(other.status, other.text).toBe(200);

    const revoked = await callApi("DELETE", `/api/open311-keys/${id}`, { token: admin.idToken });
    expect(revoked.status).toBe(200);
    const afterRevoke = await open311Post("requests.json", fixMyStreetForm([], key));
    expect(afterRevoke.status).toBe(403);
  });
});
