import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SEED_PASSWORD } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { testAdmin } from "./admin.ts";

/** Fills and sends the /login form already on screen (in the language of `texts`). */
export async function fillLoginForm(
  page: Page,
  email: string,
  password: string = SEED_PASSWORD,
  texts: typeof en = en,
): Promise<void> {
  await page.getByLabel(texts.Auth.Fields.Email, { exact: true }).fill(email);
  await page.getByLabel(texts.Auth.Fields.Password, { exact: true }).fill(password);
  await page.getByRole("button", { name: texts.Auth.Login.Submit, exact: true }).click();
}

/**
 * Logs in through the /login form, as a resident would. The user's saved language is reset to
 * English first: journeys that switch to Spanish save the choice on the account (spec 1 §4), and
 * the next journey of the same user would otherwise start in Spanish.
 */
export async function logInThroughForm(
  page: Page,
  url: (path: string) => string,
  email: string,
  { password = SEED_PASSWORD, expectPath }: { password?: string; expectPath?: string } = {},
): Promise<void> {
  const users = await testAdmin().db.collection("users").where("Email", "==", email).get();
  for (const user of users.docs) await user.ref.update({ Language: "en", isLanguageOverwrittenByDropdown: false });
  await page.goto(url("/login"));
  await fillLoginForm(page, email, password);
  const pathname = () => new URL(page.url()).pathname;
  if (expectPath) await expect.poll(pathname, { timeout: 20_000 }).toBe(expectPath);
  else await expect.poll(pathname, { timeout: 20_000 }).not.toBe("/login");
  // The signed-in header is rendered once the session is stored, so a following page.goto keeps it
  // (attached, not visible: below 640 px the user menu is folded into the slide menu).
  await page.locator(".user-menu__button").waitFor({ state: "attached", timeout: 20_000 });
}
