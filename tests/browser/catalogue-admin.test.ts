import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { switchLanguage, waitForLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";

const pathOf = (page: Page) => new URL(page.url()).pathname;

const logIn = (page: Page, url: (path: string) => string, key: "admin" | "resident") =>
  logInThroughForm(page, url, seededUser(key).email);

const createdIds: string[] = [];
afterAll(async () => {
  const { db } = testAdmin();
  for (const id of createdIds) {
    await db.collection("activities").doc(id).delete();
    await db.collection("translations").doc(`es:Activity.Item.${id}`).delete();
  }
});

describe("catalogue administration in the browser", () => {
  const browser = useBrowser();

  it("an admin creates a CONTENT service, translates its name in /languages/es and sees it in the Spanish picker", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    await logIn(page, url, "admin");

    await page.goto(url("/activities/create?action=FIND"));
    const form = page.locator("form.admin-form");
    // The first visit after the stack starts waits for cold functions.
    await form.waitFor({ timeout: 60_000 });
    await form.getByRole("button", { name: en.ActivityAdmin.Create }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await expect.poll(() => summary.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toContain("error-summary");
    expect(await page.getByLabel(en.ActivityAdmin.Field.item).getAttribute("aria-invalid")).toBe("true");

    const name = `Borrow a reading garden plot ${Date.now()}`;
    await page.getByLabel(en.ActivityAdmin.Field.item).fill(name);
    await page.getByLabel(en.ActivityAdmin.Field.type).selectOption("CONTENT");
    await page.getByLabel(en.ActivityAdmin.Field.description).fill("Grow vegetables next to the library.");
    await page.getByLabel(en.ActivityAdmin.Field.content).fill("Plots open every April.");
    await page.getByLabel(en.ActivityAdmin.Field.published).check();
    await form.getByRole("button", { name: en.ActivityAdmin.Create }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/activities\/(?!create)[^/]+$/);
    const id = decodeURIComponent(pathOf(page).split("/").pop() as string);
    createdIds.push(id);
    expect(await page.getByLabel(en.ActivityAdmin.Field.item).inputValue()).toBe(name);

    await page.goto(url("/languages/es"));
    await page.getByLabel(en.LanguagesAdmin.Column.Group, { exact: true }).fill("Activity.Item");
    await page.getByLabel(en.LanguagesAdmin.Column.LanguageKey, { exact: true }).fill(id);
    const spanish = `Huerto de lectura ${id.slice(0, 6)}`;
    await page.getByLabel(en.LanguagesAdmin.Column.SingularForm, { exact: true }).fill(spanish);
    await page.getByRole("button", { name: en.LanguagesAdmin.AddToList }).click();
    await page.getByRole("button", { name: en.LanguagesAdmin.SaveAll }).click();
    // The editor says so once it has saved and refreshed this browser's texts (both lists are read
    // again first, which took over a second on a busy machine): wait for that, not a fixed second.
    await page.getByRole("status").filter({ hasText: en.Modal.ChangesSaved }).waitFor();
    const saved = await testAdmin().db.collection("translations").doc(`es:Activity.Item.${id}`).get();
    expect(saved.get("SingularForm")).toBe(spanish);
    expect(await page.evaluate(() => localStorage.getItem("translationsVersion"))).not.toBeNull();

    await page.goto(url("/dashboard"));
    await switchLanguage(page, "es");
    await page.getByLabel(es.Picker.ActionLabel, { exact: true }).first().selectOption("FIND");
    const items = page.getByLabel(es.Picker.ItemLabel, { exact: true }).first();
    // The server's texts may arrive after the list renders: the option must update in place.
    await expect.poll(() => items.locator("option").allTextContents(), { timeout: 30_000 }).toContain(spanish);
  });

  it("a resident fills a form service on /laserfiche/form and it reaches 'submitted'", {
    timeout: 120_000,
  }, async () => {
    const { page, url } = browser;
    await logIn(page, url, "resident");
    await page.goto(url("/laserfiche/form?formTitle=Block%20Party%20Permit&bpid=1021"));
    const frameElement = page.locator("iframe.embedded-form__frame");
    await frameElement.waitFor();
    expect(await frameElement.getAttribute("title")).toBe("Online form: Block Party Permit");
    const frame = page.frameLocator("iframe.embedded-form__frame");
    await frame.getByLabel("First name (required)").fill("Maria");
    await frame.getByLabel("Last name (required)").fill("Lopez");
    await frame.getByLabel("Email address (required)").fill(seededUser("resident").email);
    await frame.getByLabel("Street address (required)").fill("150 Dexter Ct");
    await frame.getByLabel("Date of the block party (required)").fill("2026-07-04");
    await frame.getByLabel("Street closed from (cross street) (required)").fill("Chicago St");
    await frame.getByLabel("Street closed to (cross street) (required)").fill("Division St");
    // The frame follows the form's reported height (+100 px).
    const before = await frameElement.evaluate((element) => (element as HTMLElement).style.height);
    expect(before).toMatch(/^\d+px$/);
    expect(before).not.toBe("500px");
    await frame.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => frameElement.getAttribute("data-stage"), { timeout: 15_000 }).toBe("submitted");
    await expect
      .poll(() => page.getByRole("status").first().textContent(), { timeout: 15_000 })
      .toContain(en["form-submitted"]);
    expect(await frameElement.evaluate((element) => (element as HTMLElement).style.height)).toBe("100%");
    const { db } = testAdmin();
    const recorded = await db
      .collection("outbox")
      .where("kind", "==", "formSubmission")
      .where("uid", "==", seededUser("resident").uid)
      .where("bpid", "==", "1021")
      .get();
    expect(recorded.docs.some((doc) => doc.get("status") === "sent")).toBe(true);
  });

  it("a form with a fee goes on to /payment with the form fee account", { timeout: 120_000 }, async () => {
    const { page, url } = browser;
    await logIn(page, url, "resident");
    await page.goto(url("/laserfiche/form?formTitle=Special%20Event%20Permit&bpid=1022"));
    const frame = page.frameLocator("iframe.embedded-form__frame");
    await frame.getByLabel("First name (required)").fill("Maria");
    await frame.getByLabel("Last name (required)").fill("Lopez");
    await frame.getByLabel("Email address (required)").fill(seededUser("resident").email);
    await frame.getByLabel("Street address (required)").fill("150 Dexter Ct");
    await frame.getByLabel("Name of the event (required)").fill("Dexter Court picnic");
    await frame.getByLabel("Date of the event (required)").fill("2026-08-15");
    await frame.getByLabel("Expected attendance (required)").fill("120");
    await frame.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/payment");
    // The journey ends once the payment page has settled without the chat assistant (a document that
    // had loaded it reloads): closing the browser in the middle of that reload could hang.
    await page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });
    const query = new URL(page.url()).searchParams;
    // The fee is not in the address: /payment asks the server, which reads it from the forms service.
    expect([query.get("accountNumber"), query.get("accountType"), query.get("amount")]).toEqual([
      "000000000-000000000",
      "Form Fee",
      null,
    ]);
    expect(query.get("submissionId")).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText("$75.00", { exact: true }).waitFor();
  });

  it("/feature-flags toggles a flag and shows who changed it and when", { timeout: 120_000 }, async () => {
    const { page, url } = browser;
    await logIn(page, url, "admin");
    // Other suites may have toggled the flag: start from a known state.
    await testAdmin().db.collection("featureFlags").doc("EnableCORE").set({ name: "EnableCORE", enabled: false });
    await page.goto(url("/feature-flags"));
    const row = page.getByRole("row").filter({ hasText: "EnableCORE" });
    await row.getByRole("button", { name: `${en.FeatureFlagsAdmin.TurnOn} EnableCORE` }).click();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(en.FeatureFlagsAdmin.On);
    await row.getByRole("button", { name: `${en.FeatureFlagsAdmin.TurnOff} EnableCORE` }).click();
    await expect
      .poll(() => row.getByRole("button").textContent(), { timeout: 20_000 })
      .toContain(en.FeatureFlagsAdmin.TurnOn);
    // America/Chicago time, MM/DD/YYYY h:mm A, with the admin's email.
    await expect
      .poll(() => row.textContent())
      .toMatch(new RegExp(`${seededUser("admin").email} on \\d{2}/\\d{2}/\\d{4} \\d{1,2}:\\d{2} [AP]M`));
    const stored = await testAdmin().db.collection("featureFlags").doc("EnableCORE").get();
    expect(stored.get("enabled")).toBe(false);
  });

  const axePages = [
    "/activities",
    "/activities/create?action=RENT",
    "/activities/svc-block-party",
    "/languages",
    "/languages/es",
    "/feature-flags",
    "/laserfiche/form?formTitle=Block%20Party%20Permit&bpid=1021",
  ];
  for (const language of ["en", "es"] as const) {
    it(`the admin pages and the form page have no axe violations (${language})`, { timeout: 180_000 }, async () => {
      const { page, url } = browser;
      await logIn(page, url, "admin");
      if (language === "es") await switchLanguage(page, "es");
      const texts = language === "es" ? es : en;
      for (const path of axePages) {
        await page.goto(url(path));
        await waitForLanguage(page, language);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        // The page's data has arrived (tables, form selects, the frame's form): no request in flight
        // for half a second (none of these pages polls), and no "Loading…" line left.
        await page.waitForLoadState("networkidle");
        for (const loading of [texts.App.Loading, texts.FormPage.Loading])
          await page.getByText(loading, { exact: true }).waitFor({ state: "detached" });
        if (path.startsWith("/laserfiche/form"))
          await page.frameLocator("iframe.embedded-form__frame").locator("form").waitFor();
        await expectNoAxeViolations(page, `${path} (${language})`);
      }
    });
  }
});
