import type { Page } from "playwright-core";
import { expect } from "vitest";
import { CRM_SANDBOX_CREDENTIALS } from "../../emulators/src/sandboxes/crm/credentials.ts";
import { storageSandbox } from "../../emulators/src/sandboxes/storage/index.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import type { UploadFile } from "./api.ts";
import { stackCrm } from "./identity.ts";
import { pointJobsAtStack } from "./jobs.ts";
import { stackInfo } from "./stack-info.ts";

/**
 * A seeded address and its point as the GIS sandbox knows them (emulators/src/seed/gis.ts), as the
 * address step sends them: POST /api/reports checks both (issue 33).
 */
export const SEEDED_REPORT_PLACE = {
  address: "138 Highland Ave, Elgin, Illinois, 60123",
  location: { lat: 42.0395, lng: -88.287346 },
};

/**
 * POSTs a report as the browser does: multipart with the reportData JSON and the photos as "files";
 * through the portal, or to `baseUrl` (a function instance of the test's own).
 */
export async function postReport(
  token: string,
  reportData: unknown,
  files: UploadFile[] = [],
  baseUrl = stackInfo().portalUrl,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append("reportData", JSON.stringify(reportData));
  for (const file of files) form.append("files", new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The CRM cases filed for a portal report id. */
export function casesOfReport(reportId: string) {
  return stackCrm().query<
    { Id: string; CaseNumber: string; ContactId: string; Description: string } & Record<string, unknown>
  >(
    soql`SELECT Id, CaseNumber, ContactId, Subject, Description, Type, Service_Request_Type__c, Report_Record_Type__c, Report_Photos__c, Location__Latitude__s FROM Case WHERE Portal_Report_Id__c = ${reportId}`,
  );
}

/**
 * Runs the reports outbox job here, in the test's process, against the stack (the test stack runs
 * no scheduler: a test of a job runs the job itself).
 */
export async function runReportsJob(): Promise<{ sent: number; pending: number }> {
  // A filed report tells its case number by the resident's channels (email, texts): every sandbox.
  pointJobsAtStack();
  const { deliverPendingReports } = await import("../../functions/src/domains/reports/reports.service.ts");
  return deliverPendingReports();
}

/** A stored object of the stack's bucket (report photos). */
export async function storedObject(name: string): Promise<Buffer> {
  const env = storageSandbox.env(stackInfo().sandboxes.storage as string);
  const host = String(env.STORAGE_EMULATOR_HOST);
  // Node's fetch, not the storage client's node-fetch: that one reuses a kept-alive socket the
  // emulator has just closed ("socket hang up" on this read, fresh CI of 1788ab8,
  // browser/report-moderation); Node's fetch retires sockets before the server's keep-alive timeout.
  const response = await fetch(
    `${host.startsWith("http") ? host : `http://${host}`}/b/${env.STORAGE_BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
  );
  if (!response.ok) throw new Error(`stored object ${name}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The files of a CRM case as a clerk reaches them: the case's ContentDocumentLinks, each
 * document's latest version, and its bytes fetched from the version's VersionData link with a CRM
 * session of the sandbox's integration user (issue 33: photos a clerk can open).
 */
export async function caseFiles(
  caseId: string,
): Promise<{ title: string; pathOnClient: string; contentSize: number; bytes: Buffer; contentType: string }[]> {
  const crm = stackCrm();
  const links = await crm.query<{ ContentDocumentId: string }>(
    soql`SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = ${caseId}`,
  );
  if (links.length === 0) return [];
  const versions = await crm.query<{
    Id: string;
    Title: string;
    PathOnClient: string;
    ContentSize: number;
    VersionData: string;
  }>(
    soql`SELECT Id, Title, PathOnClient, ContentSize, VersionData FROM ContentVersion WHERE ContentDocumentId IN ${links.map((link) => link.ContentDocumentId)} AND IsLatest = true ORDER BY PathOnClient`,
  );
  const base = stackInfo().sandboxes.crm as string;
  const login = await fetch(`${base}/services/oauth2/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "password",
      client_id: CRM_SANDBOX_CREDENTIALS.clientId,
      client_secret: CRM_SANDBOX_CREDENTIALS.clientSecret,
      username: CRM_SANDBOX_CREDENTIALS.username,
      password: CRM_SANDBOX_CREDENTIALS.password,
    }),
  });
  const { access_token: token, instance_url: instance } = (await login.json()) as {
    access_token: string;
    instance_url: string;
  };
  const files = [];
  for (const version of versions) {
    const answer = await fetch(`${instance}${version.VersionData}`, { headers: { authorization: `Bearer ${token}` } });
    if (!answer.ok) throw new Error(`VersionData of ${version.Id}: ${answer.status}`);
    files.push({
      title: version.Title,
      pathOnClient: version.PathOnClient,
      contentSize: version.ContentSize,
      bytes: Buffer.from(await answer.arrayBuffer()),
      contentType: answer.headers.get("content-type") ?? "",
    });
  }
  return files;
}

/**
 * Types a house's number and the start of its street into the report map's address box, picks the
 * suggestion with the keyboard and confirms it (the map's typed route).
 */
export async function typeAddress(
  page: Page,
  texts: typeof en,
  house: { parcel: { AddNum__c: string | number; StName__c: string }; label: string },
): Promise<void> {
  const input = page.getByRole("combobox", { name: texts.Map.TypeAddress });
  await input.fill(`${house.parcel.AddNum__c} ${house.parcel.StName__c.slice(0, 4).toLowerCase()}`);
  await page.getByRole("option", { name: house.label }).waitFor();
  await input.press("ArrowDown");
  await input.press("Enter");
  await page.getByRole("button", { name: texts.Map.ConfirmAddress }).click();
  await page.getByTestId("chosen-address").getByText(house.label).waitFor();
}

/**
 * From the category step on: Next, the description, Next, Send; then waits for the dashboard's
 * case number and reads the case the CRM filed (its asset and type, issue 33).
 */
export async function sendReportAndReadCase(
  page: Page,
  texts: typeof en,
  description: string,
): Promise<{ Id: string; Asset_Id__c: string | null; Type: string } | undefined> {
  await page.getByRole("button", { name: texts.Report.Next, exact: true }).click();
  await page.getByLabel(texts.Report.Description).fill(description);
  await page.getByRole("button", { name: texts.Report.Next, exact: true }).click();
  await page.getByRole("button", { name: texts.Report.Send, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/dashboard");
  const dialog = page.getByRole("dialog");
  await dialog.getByText(/\d{8}/).waitFor();
  const caseNumber = /(\d{8})/.exec((await dialog.textContent()) ?? "")?.[1] ?? "";
  const [filed] = await stackCrm().query<{ Id: string; Asset_Id__c: string | null; Type: string }>(
    soql`SELECT Id, Asset_Id__c, Type FROM Case WHERE CaseNumber = ${caseNumber}`,
  );
  return filed;
}
