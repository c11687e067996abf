import { describe, expect, it } from "vitest";
import { SPANISH_SERVICE_NAMES } from "../../emulators/src/seed/service-names-es.ts";
import es from "../../web/src/locales/es.json" with { type: "json" };
import { useBrowser } from "../kit/browser.ts";

/** A new visitor whose phone speaks Spanish sees the services by their Spanish names. */
describe("service names in Spanish on a phone", () => {
  const browser = useBrowser({ locale: "es-ES", viewport: { width: 390, height: 844 } });

  it("the home page's popular services and the picker show the names admins translated", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    await expect.poll(() => page.locator("html").getAttribute("lang"), { timeout: 20_000 }).toBe("es");
    await page
      .getByRole("button", { name: SPANISH_SERVICE_NAMES.WATER_BILL, exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: "Water Bill", exact: true }).count()).toBe(0);

    await page.goto(url("/activity/start"));
    const action = page.getByLabel(es.Picker.ActionLabel, { exact: true });
    const item = page.getByLabel(es.Picker.ItemLabel, { exact: true });
    await action.selectOption({ label: es.Picker.Actions.REPORT });
    await expect
      .poll(() => item.locator("option").allTextContents(), { timeout: 20_000 })
      .toContain(SPANISH_SERVICE_NAMES["svc-report-pothole"]);
    expect(await item.locator("option").allTextContents()).not.toContain("Pothole");
    await action.selectOption({ label: es.Picker.Actions.FIND });
    await expect
      .poll(() => item.locator("option").allTextContents(), { timeout: 20_000 })
      .toContain(SPANISH_SERVICE_NAMES.GARBAGE_SEARCH);
    // Choosing the Spanish name starts the same service.
    await item.selectOption({ label: SPANISH_SERVICE_NAMES.GARBAGE_SEARCH });
    await page.getByRole("button", { name: es.Picker.Start }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/garbage-search");
  });
});
