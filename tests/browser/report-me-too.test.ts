import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { gisAddresses } from "../../emulators/src/seed/gis.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackCrm } from "../kit/identity.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { typeAddress } from "../kit/reports.ts";

/** Issue 15, "Already reported?": a streetlight report near an open streetlight case offers "me too". */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** A seeded open streetlight case at a house (no unit), and that house's address. */
async function openStreetlightCase() {
  const rows = await stackCrm().query<{ Id: string; CaseNumber: string; Report_Address__c: string }>(
    soql`SELECT Id, CaseNumber, Report_Address__c FROM Case WHERE IsClosed = false AND Service_Request_Type__c = ${"Streetlight Repair"}`,
  );
  for (const row of rows) {
    const house = gisAddresses().find(
      ({ parcel }) => parcel.Parcel_Address__c === row.Report_Address__c && !parcel.UnitName__c,
    );
    if (house) return { ...row, house };
  }
  throw new Error("seed: no open streetlight case at a house");
}

const casesOf = async (contactId: string) =>
  (await stackCrm().query<{ Id: string }>(soql`SELECT Id FROM Case WHERE ContactId = ${contactId}`)).length;

describe("already reported? me too", () => {
  const browser = useBrowser();

  it("a resident reporting a streetlight at an open streetlight case is offered 'me too'; choosing it files nothing new; axe-clean en and es", async () => {
    const { page, url } = browser;
    const resident = seededUser("resident");
    const target = await openStreetlightCase();
    const follower = testAdmin().db.collection("reportFollowers").doc(`${target.Id}_${resident.uid}`);
    await follower.delete();
    const before = await casesOf(resident.salesforceId as string);

    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Streetlight&id=svc-report-streetlight"));
    await page.getByRole("heading", { level: 1, name: en.Report.Titles.streetlight }).waitFor();
    await typeAddress(page, en, target.house);
    await page.getByRole("heading", { name: en.Report.AlreadyReported }).waitFor();
    const meToo = page.getByRole("button", {
      name: en.Report.MeTooFor.replace("{{caseNumber}}", target.CaseNumber),
    });
    await meToo.waitFor();
    await expectNoAxeViolations(page, "/report streetlight, already reported (en)");
    // By keyboard: focus the button and press Enter.
    await meToo.focus();
    await page.keyboard.press("Enter");
    const added = page.getByRole("status").filter({ hasText: target.CaseNumber });
    await added.getByText(en.Report.MeTooAdded.replace("{{caseNumber}}", target.CaseNumber)).waitFor();
    await expectNoAxeViolations(page, "/report streetlight, me too added (en)");
    await poll(async () => (await follower.get()).exists).toBe(true);
    expect(await casesOf(resident.salesforceId as string)).toBe(before);
    await page.getByRole("link", { name: en.Zoning.BackToDashboard }).click();
    await poll(() => new URL(page.url()).pathname).toBe("/dashboard");

    // Spanish: the offer again, now counting this resident; a second "me too" changes nothing.
    await page.goto(url("/report?item=Streetlight&id=svc-report-streetlight"));
    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    await page.reload();
    await poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("heading", { level: 1, name: es.Report.Titles.streetlight }).waitFor();
    await typeAddress(page, es, target.house);
    await page.getByRole("heading", { name: es.Report.AlreadyReported }).waitFor();
    await expectNoAxeViolations(page, "/report streetlight, already reported (es)");
    await page.getByRole("button", { name: es.Report.MeTooFor.replace("{{caseNumber}}", target.CaseNumber) }).click();
    await page.getByText(es.Report.MeTooAdded.replace("{{caseNumber}}", target.CaseNumber)).waitFor();
    await expectNoAxeViolations(page, "/report streetlight, me too added (es)");
    expect(await casesOf(resident.salesforceId as string)).toBe(before);
    const followers = await testAdmin().db.collection("reportFollowers").where("caseId", "==", target.Id).get();
    expect(followers.docs.filter((doc) => doc.data().UserId === resident.uid)).toHaveLength(1);
    await follower.delete();
  });
});
