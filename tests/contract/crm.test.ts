import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { crmSandbox } from "../../emulators/src/sandboxes/crm/index.ts";
import { type RunningSandbox, sandboxControl, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { crmConfigFromEnv } from "../../functions/src/connectors/crm/config";
import { JsforceCrmConnector } from "../../functions/src/connectors/crm/jsforce-crm-connector";
import { soql } from "../../functions/src/connectors/crm/soql";
import { nextDay } from "../../functions/src/contract/city-time";
import { shownNewsQuery } from "../../functions/src/domains/city-news/city-news.service";
import { ConnectorError } from "../../functions/src/platform/connector-error";

const TIMEOUT_MS = 800;
let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
let crm: JsforceCrmConnector;
const resident = seededUser("resident");

async function caught(work: Promise<unknown>): Promise<ConnectorError> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect((error as ConnectorError).system).toBe("crm");
  return error as ConnectorError;
}

const post = (path: string) => fetch(`${sandbox.url}${path}`, { method: "POST" });

beforeAll(async () => {
  sandbox = await startSandbox(crmSandbox, 0);
  Object.assign(process.env, sandbox.env, { CRM_TIMEOUT_MS: String(TIMEOUT_MS) });
  control = sandboxControl(sandbox.url);
  crm = new JsforceCrmConnector(crmConfigFromEnv());
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control.reset();
  await post("/__sandbox/reset-data");
});

describe("login", () => {
  it("logs in once and reuses the session for later calls", async () => {
    const fresh = new JsforceCrmConnector(crmConfigFromEnv());
    await Promise.all([
      fresh.query(soql`SELECT Id FROM Contact WHERE Id = ${resident.salesforceId}`),
      fresh.query(soql`SELECT Id FROM Contact WHERE Id = ${resident.salesforceId}`),
    ]);
    await fresh.retrieve("Contact", resident.salesforceId as string);
    const { byRoute } = await control.counters();
    expect(byRoute["POST /services/oauth2/token"]).toBe(1);
    expect(byRoute["GET /services/data/v62.0/query"]).toBe(2);
  });

  it("refuses wrong credentials with invalid_grant, seen as unavailable", async () => {
    const response = await fetch(`${sandbox.url}/services/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...credentials(), password: "wrong" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
    const wrong = new JsforceCrmConnector({ ...crmConfigFromEnv(), password: "wrong" });
    expect((await caught(wrong.count(soql`SELECT COUNT() FROM Contact`))).kind).toBe("unavailable");
  });

  it("answers the client-credentials grant", async () => {
    const { username: _u, password: _p, ...client } = credentials();
    const response = await fetch(`${sandbox.url}/services/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...client, grant_type: "client_credentials" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: "Bearer", instance_url: sandbox.url });
  });

  it("answers INVALID_SESSION_ID to a wrong token and the adapter logs in again", async () => {
    const bad = await fetch(`${sandbox.url}/services/data/v62.0/query?q=SELECT+Id+FROM+Contact`, {
      headers: { authorization: "Bearer nope" },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual([expect.objectContaining({ errorCode: "INVALID_SESSION_ID" })]);
    await crm.count(soql`SELECT COUNT() FROM Contact`);
    await post("/__sandbox/expire-sessions");
    const before = (await control.counters()).byRoute["POST /services/oauth2/token"] ?? 0;
    // Every seeded contact (the staff sign-in of issue 31 made it 201: the count is the seed's, not a number).
    expect(await crm.count(soql`SELECT COUNT() FROM Contact`)).toBe(city().contacts.length);
    expect((await control.counters()).byRoute["POST /services/oauth2/token"]).toBe(before + 1);
  });
});

function credentials() {
  const env = crmConfigFromEnv();
  return {
    grant_type: "password",
    username: env.username,
    password: env.password,
    client_id: env.clientId,
    client_secret: env.clientSecret,
  };
}

describe("queries", () => {
  it("finds the seeded resident's contact with = and reads relationship fields", async () => {
    const [contact] = await crm.query(soql`SELECT Id, Name, Email FROM Contact WHERE Email = ${resident.email}`);
    expect(contact).toMatchObject({ Id: resident.salesforceId, Name: "Maria Lopez" });
    const boards = await crm.query<{ Name: string; Staff_Liaison__r: { Name: string } | null }>(
      soql`SELECT Name, Staff_Liaison__r.Name FROM Boards_Commissions__c ORDER BY Name`,
    );
    expect(boards).toHaveLength(10);
    const liaison = city().contacts.find((candidate) => candidate.Id === city().boards[0]?.Staff_Liaison__c);
    const first = boards.find((board) => board.Name === city().boards[0]?.Name);
    expect(first?.Staff_Liaison__r?.Name).toBe(liaison?.Name);
  });

  it("filters with != < > <= >= LIKE IN NOT IN and AND/OR/NOT", async () => {
    const mondayCount = city().parcels.filter((parcel) => parcel.Refuse_Pickup_Day__c === "Monday").length;
    expect(
      await crm.count(soql`SELECT COUNT() FROM Land_Parcel_Master__c WHERE Refuse_Pickup_Day__c = ${"Monday"}`),
    ).toBe(mondayCount);
    expect(
      await crm.count(soql`SELECT COUNT() FROM Land_Parcel_Master__c WHERE Refuse_Pickup_Day__c != ${"Monday"}`),
    ).toBe(city().parcels.length - mondayCount);
    const members = city().boardMembers;
    const over = (limit: number) => members.filter((member) => member.Attendance_Percentage__c > limit).length;
    const under = (limit: number) => members.filter((member) => member.Attendance_Percentage__c < limit).length;
    expect(
      await crm.count(soql`SELECT COUNT() FROM Board_Commission_Member__c WHERE Attendance_Percentage__c > ${80}`),
    ).toBe(over(80));
    expect(
      await crm.count(soql`SELECT COUNT() FROM Board_Commission_Member__c WHERE Attendance_Percentage__c < ${80}`),
    ).toBe(under(80));
    expect(
      await crm.count(soql`SELECT COUNT() FROM Board_Commission_Member__c WHERE Attendance_Percentage__c >= ${80}`),
    ).toBe(members.length - under(80));
    expect(
      await crm.count(soql`SELECT COUNT() FROM Board_Commission_Member__c WHERE Attendance_Percentage__c <= ${80}`),
    ).toBe(members.length - over(80));
    const highland = await crm.query<{ Parcel_Address__c: string }>(
      soql`SELECT Parcel_Address__c FROM Land_Parcel_Master__c WHERE Parcel_Address__c LIKE ${"%HIGHLAND AVE"}`,
    );
    expect(highland.length).toBeGreaterThan(10);
    expect(highland.every((parcel) => parcel.Parcel_Address__c.endsWith("HIGHLAND AVE"))).toBe(true);
    const days = ["Monday", "Friday"];
    const inDays = city().parcels.filter((parcel) => days.includes(parcel.Refuse_Pickup_Day__c)).length;
    expect(await crm.count(soql`SELECT COUNT() FROM Land_Parcel_Master__c WHERE Refuse_Pickup_Day__c IN ${days}`)).toBe(
      inDays,
    );
    expect(
      await crm.count(soql`SELECT COUNT() FROM Land_Parcel_Master__c WHERE Refuse_Pickup_Day__c NOT IN ${days}`),
    ).toBe(city().parcels.length - inDays);
    const open = await crm.query<{ Id: string }>(
      soql`SELECT Id FROM Case WHERE ContactId = ${resident.salesforceId} AND (Status = ${"Open"} OR Status = ${"Closed"}) AND NOT Action_Required__c = ${false}`,
    );
    expect(open.map((row) => row.Id)).toEqual([city().seededActivities.residentActionRequiredCase]);
  });

  it("orders, limits and offsets", async () => {
    const sorted = [...city().newsPosts].sort((left, right) => right.Show_On__c.localeCompare(left.Show_On__c));
    const page = await crm.query<{ Id: string }>(
      soql`SELECT Id, Show_On__c FROM Elgin_Today__c ORDER BY Show_On__c DESC NULLS LAST LIMIT ${10} OFFSET ${10}`,
    );
    expect(page.map((row) => row.Id)).toEqual(sorted.slice(10, 20).map((post) => post.Id));
  });

  it("reads the city news shown by a day, newest first, without a post dated the next day (spec 3 §3 Show_On__c, N02)", async () => {
    const sorted = [...city().newsPosts].sort((left, right) => right.Show_On__c.localeCompare(left.Show_On__c));
    const day = sorted[0]?.Show_On__c as string;
    const later = await crm.create("Elgin_Today__c", {
      Category__c: "News",
      Update__c: "Shown from tomorrow",
      Show_On__c: nextDay(day),
    });
    const shown = await crm.query<{ Id: string }>(shownNewsQuery(["Id"], { limit: 3 }, day));
    expect(shown.map((row) => row.Id)).toEqual(sorted.slice(0, 3).map((post) => post.Id));
    const next = await crm.query<{ Id: string }>(shownNewsQuery(["Id"], { limit: 2, offset: 0 }, nextDay(day)));
    expect(next.map((row) => row.Id)).toEqual([later, sorted[0]?.Id]);
  });

  it("reads every page of a query over 2,000 rows", async () => {
    const parcels = await crm.query(soql`SELECT Id FROM Land_Parcel_Master__c`);
    expect(parcels).toHaveLength(city().parcels.length);
    expect(new Set(parcels.map((row) => row.Id)).size).toBe(city().parcels.length);
    const { byRoute } = await control.counters();
    expect(Object.keys(byRoute).some((route) => /GET \/services\/data\/v62\.0\/query\/01g/.test(route))).toBe(true);
  });

  it("answers a malformed query as rejected and an unknown field as rejected", async () => {
    expect((await caught(crm.query(soql`SELECT FROM Contact`))).kind).toBe("rejected");
    expect((await caught(crm.query(soql`SELECT Nope__c FROM Contact`))).kind).toBe("rejected");
  });
});

describe("sObject calls", () => {
  it("creates, retrieves, updates and deletes a record", async () => {
    const id = await crm.create("Zoning_Inquiry__c", {
      Status__c: "Submitted",
      Contact__c: resident.salesforceId,
      Land_Parcel_Master_Address__c: city().parcels[0]?.Parcel_Address__c,
      Business_Details__c: "Cottage bakery",
      SFDC_ContactID__c: resident.salesforceId,
    });
    expect(id).toMatch(/^a04[0-9A-Za-z]{15}$/);
    const created = await crm.retrieve("Zoning_Inquiry__c", id);
    expect(created).toMatchObject({ Id: id, Status__c: "Submitted", Business_Details__c: "Cottage bakery" });
    expect(String(created.Name)).toMatch(/^ZI-\d{4}-\d{5}$/);
    await crm.update("Zoning_Inquiry__c", id, { Status__c: "Cancelled" });
    expect(await crm.retrieve("Zoning_Inquiry__c", id)).toMatchObject({ Status__c: "Cancelled" });
    await crm.destroy("Zoning_Inquiry__c", id);
    expect((await caught(crm.retrieve("Zoning_Inquiry__c", id))).kind).toBe("not_found");
  });

  it("keeps a file as Salesforce does: a ContentVersion published to a record makes its ContentDocument and ContentDocumentLink, and its VersionData link serves the bytes", async () => {
    const [someCase] = await crm.query<{ Id: string }>(soql`SELECT Id FROM Case LIMIT 1`);
    const caseId = someCase?.Id as string;
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const versionId = await crm.create("ContentVersion", {
      Title: "Report photo 1",
      PathOnClient: "report-photo-1.jpg",
      VersionData: bytes.toString("base64"),
      FirstPublishLocationId: caseId,
    });
    const [link] = await crm.query<{ ContentDocumentId: string; ShareType: string }>(
      soql`SELECT ContentDocumentId, ShareType FROM ContentDocumentLink WHERE LinkedEntityId = ${caseId}`,
    );
    expect(link?.ShareType).toBe("V");
    const [version] = await crm.query<{ Id: string; ContentSize: number; FileType: string; VersionData: string }>(
      soql`SELECT Id, ContentSize, FileType, VersionData FROM ContentVersion WHERE ContentDocumentId = ${link?.ContentDocumentId as string}`,
    );
    expect(version).toMatchObject({ Id: versionId, ContentSize: 8, FileType: "JPG" });
    expect(version?.VersionData).toBe(`/services/data/v62.0/sobjects/ContentVersion/${versionId}/VersionData`);
    const login = await fetch(`${sandbox.url}/services/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...credentials(), grant_type: "password" }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const served = await fetch(`${sandbox.url}${version?.VersionData}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.headers.get("content-type")).toContain("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    const missing = await caught(crm.create("ContentVersion", { Title: "no bytes", PathOnClient: "a.jpg" }));
    expect(missing.kind).toBe("rejected");
  });

  it("answers a missing record as not_found and an unknown field as rejected", async () => {
    expect((await caught(crm.retrieve("Contact", "003999999999999AAA"))).kind).toBe("not_found");
    expect((await caught(crm.update("Contact", "003999999999999AAA", { FirstName: "X" }))).kind).toBe("not_found");
    expect((await caught(crm.create("Contact", { Nope__c: 1 }))).kind).toBe("rejected");
  });

  it("describes an object's fields, with the status picklist", async () => {
    const fields = await crm.describeFields("COE_Permit__c");
    const status = fields.find((field) => field.name === "Status__c");
    expect(status?.type).toBe("picklist");
    expect(status?.picklistValues.map((entry) => entry.value)).toContain("Pending Payment");
    expect(fields.find((field) => field.name === "Contact__c")).toMatchObject({
      type: "reference",
      referenceTo: ["Contact"],
      relationshipName: "Contact__r",
    });
  });

  it("keeps the seeded organization and its members", async () => {
    const members = await crm.query<{ ContactId: string; Roles: string }>(
      soql`SELECT ContactId, Roles FROM AccountContactRelation WHERE AccountId = ${SEEDED_ORGANIZATION_ID}`,
    );
    expect(members).toContainEqual({ ContactId: seededUser("approver").salesforceId, Roles: "Approver" });
  });
});

describe("the city's automation", () => {
  it("records a status change in Status_History__c (the case-updates feed) and keeps IsClosed with the status; keeps case comments", async () => {
    const id = await crm.create("Case", { ContactId: resident.salesforceId, Subject: "Pothole", Status: "New" });
    const since = new Date(Date.now() - 1000);
    await crm.update("Case", id, { Subject: "Pothole, deep" });
    await crm.update("Case", id, { Status: "Closed" });
    expect(await crm.retrieve("Case", id)).toMatchObject({ Status: "Closed", IsClosed: true });
    await crm.create("CaseComment", { ParentId: id, CommentBody: "Not fixed.", IsPublished: true });
    await crm.update("Case", id, { Status: "Open" });
    expect(await crm.retrieve("Case", id)).toMatchObject({ Status: "Open", IsClosed: false });
    const history = await crm.query(
      soql`SELECT Old_Status__c, New_Status__c, Object_Type__c FROM Status_History__c WHERE Parent_Record_Id__c = ${id} AND Changed_Date__c >= ${since} ORDER BY Changed_Date__c ASC`,
    );
    // The subject's change is not a status change: two rows.
    expect(history.map(({ Old_Status__c, New_Status__c }) => [Old_Status__c, New_Status__c])).toEqual([
      ["New", "Closed"],
      ["Closed", "Open"],
    ]);
    const comments = await crm.query(
      soql`SELECT CommentBody FROM CaseComment WHERE ParentId = ${id} AND IsPublished = true`,
    );
    expect(comments.map((row) => row.CommentBody)).toEqual(["Not fixed."]);
  });
});

describe("fault knobs", () => {
  it("latency beyond the adapter's timeout is unavailable within the timeout", async () => {
    await crm.count(soql`SELECT COUNT() FROM Contact`);
    await control.setFaults({ latencyMs: TIMEOUT_MS * 4 });
    const started = Date.now();
    expect((await caught(crm.count(soql`SELECT COUNT() FROM Contact`))).kind).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2);
  });

  it("failureRate 1 answers SERVER_UNAVAILABLE, seen as unavailable", async () => {
    await crm.count(soql`SELECT COUNT() FROM Contact`);
    await control.setFaults({ failureRate: 1 });
    const error = await caught(crm.count(soql`SELECT COUNT() FROM Contact`));
    expect(error.kind).toBe("unavailable");
    expect(error.detail).toMatchObject({ code: "SERVER_UNAVAILABLE" });
    // No hidden retries: one failed call costs one API call.
    expect((await control.counters()).byRoute["GET /services/data/v62.0/query"]).toBe(2);
  });

  it("down is unavailable quickly", async () => {
    await crm.count(soql`SELECT COUNT() FROM Contact`);
    await control.setFaults({ down: true });
    const started = Date.now();
    expect((await caught(crm.count(soql`SELECT COUNT() FROM Contact`))).kind).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it("after an outage, the same connection describes again (a describe that failed while the CRM was down is not kept)", async () => {
    // A connection logged in before the outage, as a function instance's is, that never described Case.
    const instance = new JsforceCrmConnector(crmConfigFromEnv());
    await instance.count(soql`SELECT COUNT() FROM Contact`);
    await control.setFaults({ down: true });
    try {
      expect((await caught(instance.describeFields("Case"))).kind).toBe("unavailable");
    } finally {
      await control.setFaults({ down: false });
    }
    const fields = await instance.describeFields("Case");
    expect(fields.map((field) => field.name)).toContain("Portal_Report_Id__c");
    // It asked the CRM again (no error kept from the outage) and logged in once.
    const { byRoute } = await control.counters();
    expect(byRoute["GET /services/data/v62.0/sobjects/Case/describe"]).toBe(1);
    expect(byRoute["POST /services/oauth2/token"]).toBe(1);
  });

  it("counts every call by route", async () => {
    await crm.count(soql`SELECT COUNT() FROM Contact`);
    await crm.retrieve("Contact", resident.salesforceId as string);
    const { total, byRoute } = await control.counters();
    expect(byRoute["GET /services/data/v62.0/query"]).toBe(1);
    expect(byRoute["GET /services/data/v62.0/sobjects/Contact/:id"]).toBe(1);
    expect(total).toBe(Object.values(byRoute).reduce((sum, count) => sum + count, 0));
  });
});
