import { describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";

/** Spec 1 §2.1: /{RecordId} at the root, for signed-in users, works as /dashboard/{RecordId} does. */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe("a record link from the city's letters", () => {
  const browser = useBrowser();

  it("/{RecordId} creates the late-payment-interest case and lands on /paymentLPI; another unknown path lands on /", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/${city().seededResidentUtilityAccount.Id}`));
    await poll(() => new URL(page.url()).pathname).toBe("/paymentLPI");
    expect(new URL(page.url()).searchParams.get("activityId")).toMatch(/^[A-Za-z0-9]{18}$/);
    await poll(() => page.getByRole("dialog").textContent()).toMatch(
      /(Your request was submitted|You already applied)\. Your case number is LPI-\d{4}-\d{5}\./,
    );
    // Settled on the payment page without the chat assistant (closing during its reload can hang).
    await page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });

    await page.goto(url("/no-such-page"));
    await poll(() => new URL(page.url()).pathname).toBe("/");
  }, 120_000);
});
