import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { useBrowser } from "../kit/browser.ts";
import { freshEmail } from "../kit/identity.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";

/**
 * The named error paths of spec 1 §2.9 and §8. Where the portal's own data can really fail
 * (a message or a service removed meanwhile by someone else, an unknown address at the identity
 * provider), the test makes that happen; where only an outage would fail it, the browser's
 * call is answered with the API's own 503 error shape at the browser boundary.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Answers the matching API call as the API does when a backing system is down. */
const outage = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: "application/json",
    body: JSON.stringify({ error: { code: "unavailable", message: "The service is unavailable. Try again later." } }),
  });

const createdActivities: string[] = [];

beforeAll(async () => {
  const { idToken } = await principal("admin");
  for (const path of ["/api/activities/all", "/api/notifications", "/api/i18n/raw/es/translation"]) {
    await callApi("GET", path, { token: idToken });
  }
}, 180_000);

afterAll(async () => {
  const { db } = testAdmin();
  for (const id of createdActivities) await db.collection("activities").doc(id).delete();
});

/** A service for an admin journey to break, created through the API as an admin would. */
async function serviceToBreak(label: string): Promise<{ id: string; name: string }> {
  const name = `${label} ${Date.now()}`;
  const answer = await callApi<{ Id: string }>("POST", "/api/activities", {
    token: (await principal("admin")).idToken,
    body: {
      item: name,
      type: "CONTENT",
      action: "MAPS",
      order: 5,
      description: "A service for an error-path journey.",
      published: false,
      content: "Nothing to see.",
    },
  });
  expect(answer.status).toBe(200);
  createdActivities.push(answer.body.Id);
  return { id: answer.body.Id, name };
}

describe("messages", () => {
  const browser = useBrowser();

  it("a failed load shows Message.LoadMessagesError in the page and in an error modal", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.route(/\/api\/notifications(\?.*)?$/, (route) =>
      route.request().method() === "GET" ? outage(route) : route.continue(),
    );
    await page.goto(url("/messages"));
    const dialog = page.getByRole("dialog").filter({ hasText: en.Message.LoadMessagesError });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole("heading").first().textContent()).toBe(en.Modal.ErrorTitle);
    await dialog.getByRole("button", { name: en.Modal.Close }).click();
    await page.getByRole("alert").filter({ hasText: en.Message.LoadMessagesError }).waitFor();
  });
});

describe("catalogue administration", () => {
  const browser = useBrowser();
  const logInAdmin = () => logInThroughForm(browser.page, browser.url, seededUser("admin").email);

  it("a failed create shows error-add with 'Create Activity Failed' and stays on the form", async () => {
    const { page, url } = browser;
    await logInAdmin();
    await page.route(/\/api\/activities$/, (route) =>
      route.request().method() === "POST" ? outage(route) : route.continue(),
    );
    await page.goto(url("/activities/create?action=MAPS"));
    await page.getByLabel(en.ActivityAdmin.Field.item).waitFor({ timeout: 60_000 });
    const name = `Bike rack locations ${Date.now()}`;
    await page.getByLabel(en.ActivityAdmin.Field.item).fill(name);
    await page.getByLabel(en.ActivityAdmin.Field.type).selectOption("CONTENT");
    await page.getByLabel(en.ActivityAdmin.Field.description).fill("Where to park a bike downtown.");
    await page.getByLabel(en.ActivityAdmin.Field.content).fill("Racks stand at every library.");
    await page.getByRole("button", { name: en.ActivityAdmin.Create }).click();
    await page.getByText(`${en["error-add"]} ${en.ActivityAdmin.CreateFailed}`).waitFor({ timeout: 20_000 });
    expect(pathOf(page)).toBe("/activities/create");
    const stored = await testAdmin().db.collection("activities").where("Item", "==", name).get();
    expect(stored.size).toBe(0);
  });

  it("saving a service that was removed meanwhile shows error-update", async () => {
    const { page, url } = browser;
    const service = await serviceToBreak("Bench map");
    await logInAdmin();
    await page.goto(url(`/activities/${service.id}`));
    const nameField = page.getByLabel(en.ActivityAdmin.Field.item);
    await poll(() => nameField.inputValue()).toBe(service.name);
    await testAdmin().db.collection("activities").doc(service.id).delete();
    await nameField.fill(`${service.name} (renamed)`);
    await page.getByRole("button", { name: en.ActivityAdmin.Save }).click();
    await page.getByText(en["error-update"]).waitFor({ timeout: 20_000 });
    expect((await testAdmin().db.collection("activities").doc(service.id).get()).exists).toBe(false);
  });

  it("deleting a service another admin already deleted shows error-remove", async () => {
    const { page, url } = browser;
    const service = await serviceToBreak("Drinking fountains");
    await logInAdmin();
    await page.goto(url("/activities"));
    const remove = page.getByRole("button", { name: `${en.ActivityAdmin.Delete} ${service.name}` });
    await remove.waitFor({ timeout: 20_000 });
    const other = await callApi("DELETE", `/api/activities/${service.id}`, {
      token: (await principal("admin")).idToken,
    });
    expect(other.status).toBeLessThan(300);
    await remove.click();
    await page.getByRole("dialog").getByRole("button", { name: en.ActivityAdmin.Delete, exact: true }).click();
    await page.getByText(en["error-remove"]).waitFor({ timeout: 20_000 });
  });

  it("a failed translations load shows 'An error occurred while attempting to fetch translations'", async () => {
    const { page, url } = browser;
    await logInAdmin();
    await page.route(/\/api\/i18n\/raw\/es\/translation$/, outage);
    await page.goto(url("/languages/es"));
    await page.getByRole("alert").filter({ hasText: en.LanguagesAdmin.LoadError }).waitFor({ timeout: 20_000 });
  });

  it("a failed translations save shows 'An error occurred while attempting to save translations'", async () => {
    const { page, url } = browser;
    await logInAdmin();
    await page.route(/\/api\/i18n$/, (route) =>
      route.request().method() === "PUT" ? outage(route) : route.continue(),
    );
    await page.goto(url("/languages/es"));
    const key = `ErrorPath${Date.now()}`;
    await page.getByLabel(en.LanguagesAdmin.Column.Group, { exact: true }).fill("Util");
    await page.getByLabel(en.LanguagesAdmin.Column.LanguageKey, { exact: true }).fill(key);
    await page.getByLabel(en.LanguagesAdmin.Column.SingularForm, { exact: true }).fill("Prueba");
    await page.getByRole("button", { name: en.LanguagesAdmin.AddToList }).click();
    await page.getByRole("button", { name: en.LanguagesAdmin.SaveAll }).click();
    await page.getByRole("alert").filter({ hasText: en.LanguagesAdmin.SaveError }).first().waitFor({ timeout: 20_000 });
    expect((await testAdmin().db.collection("translations").doc(`es:Util.${key}`).get()).exists).toBe(false);
  });
});

describe("forgot password", () => {
  const browser = useBrowser();

  it("a failed request shows the error modal and the banner 'Something went wrong'", async () => {
    const { page, url } = browser;
    await page.goto(url("/forgotpassword"));
    // The identity provider refuses an address it has no account for.
    await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(freshEmail("nobody.here"));
    await page.getByRole("button", { name: en.Auth.ForgotPassword.Submit }).click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.getByRole("heading").first().textContent()).toBe(en.Modal.ErrorTitle);
    await dialog.getByRole("button", { name: en.Modal.Close }).click();
    await page.getByText(en.Auth.ForgotPassword.Failed).waitFor();
    expect(await page.getByText(en["check-your-email"]).count()).toBe(0);
  });
});
