import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { fillLoginForm, logInThroughForm } from "../kit/log-in.ts";

/** Spec 2 "Activity redirect page": /activity/start?activityId= as links from mail and messages use it. */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const pathAndQuery = (page: Page) => {
  const current = new URL(page.url());
  return `${current.pathname}${current.search}`;
};

describe("activity redirect page", () => {
  const browser = useBrowser();

  it("sends a guest to /login?activityId= for a service that needs an account, and after login to the service", async () => {
    const { page, url } = browser;
    await page.goto(url("/activity/start?activityId=svc-block-party"));
    await poll(() => pathAndQuery(page)).toBe("/login?activityId=svc-block-party");
    await fillLoginForm(page, seededUser("resident").email, SEED_PASSWORD);
    await poll(() => new URL(page.url()).pathname).toBe("/laserfiche/form");
    expect(new URL(page.url()).searchParams.get("bpid")).toBe(SEEDED_FORM_PROCESSES.blockParty);
  });

  it("sends a signed-in resident straight to the service, and says so when the id names no service (en, es)", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/activity/start?activityId=QUICK_PERMIT"));
    await poll(() => pathAndQuery(page)).toBe("/activities/other_permit");

    await page.goto(url("/activity/start?activityId=no-such-service"));
    await page.getByRole("alert").filter({ hasText: en.Picker.ActivityNotFound }).waitFor();
    await expectNoAxeViolations(page, "activity redirect, unknown id (en)");
    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    await page.reload();
    await page.getByRole("alert").filter({ hasText: es.Picker.ActivityNotFound }).waitFor();
    await expectNoAxeViolations(page, "activity redirect, unknown id (es)");
  });
});
