import type { BrowserContext } from "playwright-core";
import { SEEDED_ACTIVE_ALERT_IDS } from "../../emulators/src/seed/activities.ts";

/**
 * A second person's browser beside the test's own (a resident watching what an admin changes): its
 * own context, the seeded alerts and the billing prompt read once per tab, as useBrowser does, so
 * what the person dismisses there stays dismissed.
 */
export async function secondPersonContext(context: BrowserContext): Promise<BrowserContext> {
  const second = await context.browser()?.newContext({ viewport: { width: 1280, height: 900 } });
  if (!second) throw new Error("no browser");
  await second.addInitScript(
    (ids: string[]) => {
      // Once per tab: what the resident dismisses here stays dismissed.
      if (sessionStorage.getItem("systemAlertsRead") === null)
        sessionStorage.setItem("systemAlertsRead", JSON.stringify(ids));
      sessionStorage.setItem("delinquencyPrefsPromptShown", "true");
    },
    [...SEEDED_ACTIVE_ALERT_IDS],
  );
  return second;
}
