import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { type BrowserSession, expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";

const logInAsResident = ({ page, url }: BrowserSession) =>
  logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });

async function pick(page: Page, action: string, item: string) {
  await page.getByLabel(en.Picker.ActionLabel, { exact: true }).selectOption({ label: action });
  const service = page.getByLabel(en.Picker.ItemLabel, { exact: true });
  await expect.poll(() => service.isEnabled(), { timeout: 20_000 }).toBe(true);
  await service.selectOption({ label: item });
  await page.getByRole("button", { name: en.Picker.Start }).click();
}

/** Starts the functions these pages call, so a cold emulator does not eat the journeys' timeouts. */
beforeAll(async () => {
  for (const path of [
    "/api/activities",
    "/api/feeds/news",
    "/api/feeds/events",
    "/api/systemAlerts",
    "/api/paymentMaintenanceInfo",
  ]) {
    await callApi("GET", path);
  }
}, 120_000);

const pathAndQuery = (page: Page) => {
  const current = new URL(page.url());
  return `${current.pathname}${current.search}`;
};

describe("home and service picker: guests", () => {
  const browser = useBrowser();

  it("a guest picks the water bill and reaches the guest-payment login offer", async () => {
    const { page, url } = browser;
    await page.goto(url("/activity/start"));
    const start = page.getByRole("button", { name: en.Picker.Start });
    await page.getByLabel(en.Picker.ActionLabel, { exact: true }).selectOption({ label: en.Picker.Actions.PAY_FOR });
    await expect.poll(() => start.isDisabled()).toBe(true); // no item yet
    await expect
      .poll(() => page.getByLabel(en.Picker.ItemLabel, { exact: true }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await page.getByLabel(en.Picker.ItemLabel, { exact: true }).selectOption({ label: "Water Bill" });
    await expect.poll(() => start.isEnabled()).toBe(true);
    // A new action clears the item and disables Start again.
    await page.getByLabel(en.Picker.ActionLabel, { exact: true }).selectOption({ label: en.Picker.Actions.FIND });
    expect(await page.getByLabel(en.Picker.ItemLabel, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => start.isDisabled()).toBe(true);

    await pick(page, en.Picker.Actions.PAY_FOR, "Water Bill");
    await expect
      .poll(() => pathAndQuery(page), { timeout: 15_000 })
      .toBe("/login?redirectto=payment&guest_enabled=true");
    await expect.poll(() => page.getByRole("button", { name: en.Auth.Login.GuestPayment }).isVisible()).toBe(true);
  });

  it("the popular-services grid starts the water bill too and links to all services grouped by action", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    await page.getByRole("button", { name: "Water Bill", exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole("link", { name: en.Picker.ViewAll }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/view-all-services");
    await expect
      .poll(() => page.getByRole("heading", { name: en.Picker.Actions.REPORT, exact: true }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Pothole", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Dog License" }).count()).toBe(0); // unpublished
    await page.goto(url("/"));
    await page.getByRole("button", { name: "Water Bill", exact: true }).click();
    await expect
      .poll(() => pathAndQuery(page), { timeout: 15_000 })
      .toBe("/login?redirectto=payment&guest_enabled=true");
  });

  it("the news carousel moves with its buttons and the events panel lists six events", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    const slides = page.locator(".news__slide");
    await expect.poll(() => slides.count(), { timeout: 20_000 }).toBe(2); // 1280 px wide: two slides
    const first = await slides.first().textContent();
    await page.getByRole("button", { name: en.News.Next }).click();
    await expect.poll(() => slides.first().textContent()).not.toBe(first);
    await page.getByRole("button", { name: en.News.Previous }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => slides.first().textContent()).toBe(first);
    await expect.poll(() => page.locator(".events__item").count(), { timeout: 20_000 }).toBe(6);
  });

  for (const path of ["/", "/view-all-services", "/activity/start"]) {
    it(`${path} has no axe violations in English or Spanish`, async () => {
      const { page, url } = browser;
      await page.goto(url(path));
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.locator(".popular-services, .service-picker, .all-services__group").first().waitFor();
      await expectNoAxeViolations(page, `${path} (en)`);
      await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
      await expectNoAxeViolations(page, `${path} (es)`);
    });
  }
});

describe("home on a first visit in Spanish", () => {
  const browser = useBrowser({ locale: "es-US", viewport: { width: 390, height: 844 } });

  it("shows the popular services only with their Spanish names, never the stored English ones first", async () => {
    const { page, url } = browser;
    // Every name a tile ever showed, from the first render on.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { tileNames: Set<string> }).tileNames = seen;
      new MutationObserver(() => {
        for (const tile of Array.from(document.querySelectorAll(".popular-services__item span")))
          seen.add(tile.textContent ?? "");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // The admins' texts arrive well after the catalogue, as on a slow first visit (seen at load 16).
    await page.route("**/api/i18n/processed/es/translation*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto(url("/"));
    const waterBill = page.getByRole("button", { name: "Factura del agua", exact: true });
    await waterBill.waitFor({ timeout: 20_000 });
    const names = await page.evaluate(() => [...(window as unknown as { tileNames: Set<string> }).tileNames]);
    expect(names).toContain("Factura del agua");
    expect(names).not.toContain("Water Bill");
    expect(names).not.toContain("Block Party Permit");
  });
});

describe("service picker, dashboard and messages: a resident", () => {
  const browser = useBrowser();

  it("starts an external-link service in a new tab and a form service on the embedded form page", async () => {
    const { page, context } = browser;
    // The external site is not reachable from here: answer for it, so the new tab keeps its URL.
    await context.route("https://recreation.example.org/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Recreation</title>" }),
    );
    await logInAsResident(browser);
    await pick(page, en.Picker.Actions.APPLY_FOR, "Block Party Permit");
    // The form page is a lazy chunk with the frame code; the router commits the URL once it loaded.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/laserfiche/form");
    const query = new URL(page.url()).searchParams;
    expect(query.get("bpid")).toBe(SEEDED_FORM_PROCESSES.blockParty);
    expect(query.get("formTitle")).toBe("Block Party Permit");
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/dashboard");
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      pick(page, en.Picker.Actions.REGISTER_FOR, "Recreation Classes"),
    ]);
    await expect.poll(() => popup.url()).toContain("https://recreation.example.org/classes");
    await popup.close();
    await page.bringToFront();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });

  it("the dashboard shows the attention banner, recent activity with status labels and the water bill", async () => {
    const { page } = browser;
    await logInAsResident(browser);
    const banner = page.locator(".attention-banner a");
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toMatch(/\d+ item/);
    await expect.poll(() => page.locator(".recent-activity .activity-list__item").count()).toBe(3);
    await expect.poll(() => page.locator(".bill-pay").textContent()).toMatch(/\$|No upcoming bills found/);
    await banner.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/in_progress");
  });

  it("opening a message marks it read, opens its activity and the badge count drops", async () => {
    const { page, url } = browser;
    await logInAsResident(browser);
    const badge = page.getByRole("banner").locator(".badge").first();
    // Her unread count is what the seed gave her plus what earlier files on this stack sent her (the
    // console's phone payment sends an in-app receipt): count from what the badge says now.
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toMatch(/^[1-9]\d*$/);
    const unread = Number(await badge.textContent());
    await page.goto(url("/messages"));
    await page.getByRole("button", { name: /^Action required on your sidewalk case/ }).click();
    const caseId = city().seededActivities.residentActionRequiredCase;
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/activity-view/Case/${caseId}`);
    const stillUnread = unread - 1;
    if (stillUnread > 0) await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe(String(stillUnread));
    else await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
  });

  for (const path of ["/dashboard", "/messages", "/activity/start"]) {
    it(`${path} has no axe violations in English or Spanish`, async () => {
      const { page, url } = browser;
      // Other suites read and delete the resident's messages: make sure there is one to show, and
      // take it away after: an English message left in her inbox failed every-page's Spanish
      // /messages when it ran later on the same stack (fresh run of two shards, 2026-11-28).
      const axeMessage = testAdmin().db.collection("notifications").doc("msg-axe-check");
      if (path === "/messages") {
        await axeMessage.set({
          UserId: seededUser("resident").uid,
          Title: "Leaf collection starts Monday",
          Body: "Rake leaves to the curb by 7 a.m. on your pickup day.",
          CreatedAt: new Date(),
          ReadAt: null,
          SObjectType: null,
          SalesforceId: null,
        });
        onTestFinished(() => axeMessage.delete().then(() => undefined));
      }
      await logInAsResident(browser);
      for (const language of ["en", "es"] as const) {
        await page.evaluate((lng) => {
          localStorage.setItem("language", lng);
          localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
        }, language);
        await page.goto(url(path));
        await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(language);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        const ready = path === "/messages" ? ".message-list" : ".service-picker";
        await page.locator(ready).first().waitFor();
        if (path === "/dashboard") await page.locator(".recent-activity .activity-list").waitFor();
        const texts = language === "en" ? en : es;
        const translated = path === "/messages" ? texts.MessagesPage.Delete : texts.Picker.Start;
        expect(await page.getByRole("button", { name: translated }).count()).toBeGreaterThan(0);
        await expectNoAxeViolations(page, `${path} (${language})`);
      }
    });
  }
});

describe("system alerts", () => {
  const browser = useBrowser({ systemAlerts: true });

  it("show in one dialog, newest first, with sanitized HTML, and stay dismissed after a reload", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("heading", { level: 2 }).textContent())
      .toBe("Water main work on Chicago Street");
    expect(await dialog.locator("strong").first().textContent()).toBe("low water pressure");
    expect(await page.getByRole("dialog").count()).toBe(1);
    // The second alert is below the first, under a count, not a second dialog (issue 28).
    expect(await dialog.getByRole("heading", { level: 3 }).textContent()).toBe("One more notice from the city");
    expect(await dialog.getByRole("heading", { level: 4 }).textContent()).toBe("Leaf collection has started");
    await expectNoAxeViolations(page, "/ with a system alert (en)");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForTimeout(1_500);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("shows the Spanish title to a Spanish-speaking visitor", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    await page.reload();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("heading", { level: 2 }).textContent())
      .toBe("Obras de la red de agua en Chicago Street");
    await expectNoAxeViolations(page, "/ with a system alert (es)");
  });
});
