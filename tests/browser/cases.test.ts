import { Timestamp } from "firebase-admin/firestore";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { STATUS_PATHS } from "../../emulators/src/seed/city-activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { statusPath } from "../../functions/src/contract/activity-detail.ts";
import { caseStatusDisplay } from "../../functions/src/contract/case-status.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { restoreSeededCases, warmCaseFunctions } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 14's case journeys: open, answer and cancel a case; a message opens its case; Spanish. */

const named = city().seededActivities;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The functions these journeys call, started before the first journey. */
beforeAll(warmCaseFunctions, 180_000);

/** The named records these journeys change go back to their seeded state for later files. */
afterAll(restoreSeededCases);

describe("case tracking", () => {
  const browser = useBrowser();

  it("a resident answers an action-required case with a document, sees it leave action-required and the document in the file box, then cancels a cancelable case", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/in_progress"));
    await page.getByRole("heading", { level: 1, name: en.Pages.InProgress }).waitFor();
    const caseLink = `a[href="/activity-view/Case/${named.residentActionRequiredCase}"]`;
    const caseRow = page.getByRole("row").filter({ has: page.locator(caseLink) });
    await caseRow.getByText(en.Activity.ActionRequired).waitFor();
    await caseRow.locator(caseLink).click();
    await poll(() => pathOf(page)).toBe(`/activity-view/Case/${named.residentActionRequiredCase}`);
    await page.getByText("Please send a photo of the damaged sidewalk panel").waitFor();
    await page.getByText("11/20/2026").waitFor();
    await page.getByText("A crew will size the repair once the photo arrives.").waitFor();
    await expectNoAxeViolations(page, "activity view (action required)");

    await page.getByLabel(en.Activity.AdditionalInformation).fill("The photo of the broken panel is attached.");
    await page.getByLabel(en.Activity.Documents).setInputFiles({
      name: "sidewalk-panel.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("a photo"),
    });
    await page.getByRole("button", { name: en.Activity.SubmitAdditionalInformation }).click();
    await page.getByText(en["additional-information-submitted"]).waitFor();
    // No longer action-required: the form is gone, and the document is in the case's file box.
    await poll(() => page.getByRole("button", { name: en.Activity.SubmitAdditionalInformation }).count()).toBe(0);
    await page.getByRole("button", { name: "Download sidewalk-panel.jpg" }).waitFor();
    const stored = await stackCrm().retrieve<{ Id: string; Additional_Information__c: string }>(
      "Case",
      named.residentActionRequiredCase,
    );
    expect(stored.Additional_Information__c).toContain("The photo of the broken panel is attached.");
    expect(stored.Additional_Information__c).toContain("sidewalk-panel.jpg");
    await page.goto(url("/in_progress"));
    await caseRow.waitFor();
    expect(await caseRow.getByText(en.Activity.ActionRequired).count()).toBe(0);

    await page.goto(url(`/activity-view/Zoning_Inquiry__c/${named.residentCancelableZoningInquiry}`));
    await page.getByRole("button", { name: en.Activity.Cancel }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(en.Activity.CancelConfirm).waitFor();
    await dialog.getByRole("button", { name: en.Activity.CancelConfirmButton }).click();
    await page.getByText(en["activity-cancelled"]).waitFor();
    await page.locator('.status-path [aria-current="step"]', { hasText: "Cancelled" }).waitFor();
    expect(await page.getByRole("button", { name: en.Activity.Cancel }).count()).toBe(0);
  });

  it("while the CRM is down, an answer to a case is kept and the resident is told it was received; it reaches the CRM once the CRM is back", async () => {
    // The first journey answered this case; it asks again, as staff would.
    await restoreSeededCases();
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/activity-view/Case/${named.residentActionRequiredCase}`));
    await page.getByRole("button", { name: en.Activity.SubmitAdditionalInformation }).waitFor();
    await page.getByLabel(en.Activity.AdditionalInformation).fill("Sent while the city's CRM was down.");
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    await crm.setFaults({ down: true });
    try {
      await page.getByRole("button", { name: en.Activity.SubmitAdditionalInformation }).click();
      await page.getByText(en.Activity.AdditionalInformationReceived).first().waitFor();
    } finally {
      await crm.setFaults({ down: false });
    }
    // Opened again with the CRM back, the case has the answer and no longer asks.
    await page.reload();
    await page.locator(".status-path").waitFor();
    await poll(async () => {
      const stored = await stackCrm().retrieve<{ Id: string; Additional_Information__c: string | null }>(
        "Case",
        named.residentActionRequiredCase,
      );
      return stored.Additional_Information__c ?? "";
    }).toContain("Sent while the city's CRM was down.");
    expect(await page.getByRole("button", { name: en.Activity.SubmitAdditionalInformation }).count()).toBe(0);
  });

  it("a message's link opens its case", async () => {
    const { page, url } = browser;
    const resident = seededUser("resident");
    const messageId = `cases-journey-${Date.now()}`;
    await testAdmin().db.collection("notifications").doc(messageId).set({
      UserId: resident.uid,
      Title: "Your permit needs payment",
      Body: "Pay the permit fee to continue.",
      CreatedAt: Timestamp.now(),
      ReadAt: null,
      SObjectType: "COE_Permit__c",
      SalesforceId: named.residentPaymentDuePermit,
    });
    try {
      await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
      await page.goto(url("/messages"));
      await page.getByRole("button", { name: /^Your permit needs payment/ }).click();
      await poll(() => pathOf(page)).toBe(`/activity-view/COE_Permit__c/${named.residentPaymentDuePermit}`);
      await page.getByRole("heading", { name: en.Activity.PaymentRequest }).waitFor();
      await page.getByText("$75.00").waitFor();
    } finally {
      await testAdmin().db.collection("notifications").doc(messageId).delete();
    }
  });

  it("a case's status path follows the shared status table, and the Spanish interface shows Spanish labels on the case pages", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/activity-view/Case/${named.residentActionRequiredCase}`));
    const steps = page.locator(".status-path li");
    await steps.first().waitFor();
    // The shared rule (contract/activity-detail.ts): no end state but Complete, no hold or refusal
    // drawn as a step ahead (issue 28).
    const shown = statusPath(STATUS_PATHS.Case, "Open", (status) => caseStatusDisplay(status, "Case"));
    expect(shown.map((step) => step.status)).not.toContain("Rejected");
    expect(shown.map((step) => step.status)).not.toContain("On Hold");
    const expected = shown.slice(0, -1).map((step) => step.status);
    expect(await steps.count()).toBe(shown.length);
    for (const [index, step] of shown.entries()) {
      const drawn = steps.nth(index);
      expect(await drawn.getAttribute("data-status-color"), step.status).toBe(step.statusInformation.color);
      expect(await drawn.textContent(), step.status).toContain(step.statusInformation.label);
    }
    // Signed in, the language choice sits in the user menu.
    await page.locator(".user-menu__button").click();
    await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");
    await page.getByRole("heading", { name: es.Activity.DocumentsHeading }).waitFor();
    expect(await steps.nth(expected.indexOf("Under Review")).textContent()).toContain(es.CaseStatus.UnderStaffReview);
    await page.getByText(es.Activity.ExpectedDate).waitFor();
    await expectNoAxeViolations(page, "activity view in Spanish");
    await page.goto(url("/completed_activities"));
    await page.getByRole("heading", { level: 1, name: es.Pages.CompletedActivities }).waitFor();
    await page.getByRole("columnheader", { name: es.Activity.LastModified }).waitFor();
    await page.getByText(es.CaseStatus.Complete).first().waitFor();
    // Dates in the reader's language (issue 28): "4 mar 2024, 10:30", the month named in Spanish.
    expect(await page.getByText(/^\d{1,2} \p{L}{3,4}\.? \d{4},? \d{1,2}:\d{2}/u).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, "completed activities in Spanish");
  });
});
