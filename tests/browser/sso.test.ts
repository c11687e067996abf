import { describe, expect, it } from "vitest";
import { PARTNER_RELAY_STATE } from "../../emulators/src/sandboxes/samlpartner/index.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { fillLoginForm } from "../kit/log-in.ts";
import { stackInfo } from "../kit/stack-info.ts";

const partner = () => stackInfo().sandboxes.samlPartner as string;
const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

describe("single sign-on to the partner", () => {
  const browser = useBrowser();

  it("the partner's request waits for the login, then the portal posts the signed response to the partner", async () => {
    const { page } = browser;
    const resident = seededUser("resident");
    await page.goto(`${partner()}/saml/login`);
    await poll(() => new URL(page.url()).pathname).toBe("/sso/saml");
    expect(new URL(page.url()).searchParams.get("SAMLRequest")).toBeTruthy();
    await page.getByText(en.Auth.Sso.SignInFirst).waitFor();
    await expectNoAxeViolations(page, "/sso/saml (signed out)");

    await page.getByRole("main").getByRole("link", { name: en.Header.Login }).click();
    await fillLoginForm(page, resident.email);

    // Back on /sso/saml, the hidden form posts to the partner's assertion consumer by itself.
    await poll(() => page.url().startsWith(`${partner()}/saml/acs`)).toBe(true);
    await poll(() => page.locator("#result").textContent()).toBe(`Signed in as ${resident.email}`);
    // The partner's signed RelayState comes back with the response.
    expect(await page.locator("#relay-state").textContent()).toBe(PARTNER_RELAY_STATE);
  });
});
