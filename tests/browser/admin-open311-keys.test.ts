import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { open311Post } from "../kit/open311.ts";
import { horizontalOverflow } from "../kit/page-checks.ts";

const K = en.Open311KeysAdmin;

/** Issue 30: admins create, name, limit and revoke Open311 API keys on a page of their own. */
describe("Open311 API keys administration in the browser", () => {
  const browser = useBrowser();

  it("an admin creates a key (shown once), an app files with it, the admin revokes it", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/open311-keys"));
    const name = page.getByLabel(K.Name);
    await name.waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, "/open311-keys (en)");

    // The form kit's error summary: an empty name is refused before anything is sent.
    await page.getByRole("button", { name: K.Create }).click();
    await page.locator("#open311-key-name-error").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");

    const appName = `Browser app ${Date.now()}`;
    await name.fill(appName);
    await page.getByLabel(K.Limit).fill("5");
    await page.getByRole("button", { name: K.Create }).click();
    const shown = page.locator(".open311-key-created__key");
    await shown.waitFor();
    const key = (await shown.textContent()) ?? "";
    expect(key).toMatch(/^o311_/);
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: appName }) });
    await item.waitFor();
    expect(await item.textContent()).toContain("5");
    await expectNoAxeViolations(page, "/open311-keys after creating a key (en)");
    // On a phone the page (the shown key included) stays within 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Stored hashed: the key itself is nowhere in Firestore.
    const stored = await testAdmin().db.collection("open311Keys").where("name", "==", appName).get();
    expect(stored.docs).toHaveLength(1);
    expect(JSON.stringify(stored.docs[0]?.data())).not.toContain(key);

    // The app files with it; after the revocation it is refused.
    const form = (description: string): [string, string][] => [
      ["api_key", key],
      ["service_code", "pothole"],
      ["lat", "42.0372"],
      ["long", "-88.2812"],
      ["description", description],
    ];
    const filed = await open311Post("requests.json", form(`Filed by ${appName}`));
    expect(filed.status, filed.text).toBe(200);

    await item.getByRole("button", { name: K.Revoke.replace("{{name}}", appName) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: K.RevokeConfirm }).click();
    await item.getByText(K.Revoked.split(" {{time}}")[0] as string).waitFor();
    const refused = await open311Post("requests.json", form(`After the revocation, ${appName}`));
    expect(refused.status).toBe(403);

    await page.locator(".user-menu__button").click();
    await page.getByRole("combobox", { name: en.Language.Label }).first().selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByLabel(es.Open311KeysAdmin.Name).waitFor();
    await expectNoAxeViolations(page, "/open311-keys (es)");
  });
});
