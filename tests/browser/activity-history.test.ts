import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshResident, type MadeRecord } from "../kit/cases.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { signIn } from "../kit/principals.ts";
import { casesOfReport, postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

/** Issue 17: what a resident filed shows in the admin user view as a translated CreateActivity. */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("activity history in the admin user view", () => {
  const browser = useBrowser();

  it("a resident's pothole report and app feedback show as started services, in English and Spanish; axe clean", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    const resident = await freshResident("activity-history");
    const records: MadeRecord[] = [];
    cleanups.push(async () => {
      await resident.remove(records);
      const events = await testAdmin().db.collection("userEvents").where("UserId", "==", resident.uid).get();
      await Promise.all(events.docs.map((doc) => doc.ref.delete()));
    });
    const token = await signIn(resident.email, resident.password);
    const pothole = {
      id: randomUUID(),
      type: "pothole",
      activityId: "svc-report-pothole",
      address: SEEDED_REPORT_PLACE,
      description: "A pothole by the bus stop.",
    };
    const feedback = { id: randomUUID(), type: "appFeedback", description: "Easy to use.", rating: 4 };
    for (const report of [pothole, feedback]) {
      const filed = await postReport(token, report);
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
      records.push(...(await casesOfReport(report.id)).map((row) => ({ object: "Case", id: row.Id })));
    }

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url(`/users/view/${resident.uid}/users`));
    const history = page.getByRole("region", { name: en.UsersAdmin.ActivityHistory, exact: true }).last();
    // The first visit after the stack starts waits for cold functions.
    await history
      .getByRole("cell", { name: `${en.ActivityAdmin.Action.REPORT} Pothole`, exact: true })
      .waitFor({ timeout: 60_000 });
    await history
      .getByRole("cell", { name: `${en.ActivityAdmin.Action.REPORT} ${en.Report.Types.appFeedback}`, exact: true })
      .waitFor();
    expect(await history.getByRole("cell", { name: en.UsersAdmin.Event.CreateActivity, exact: true }).count()).toBe(2);
    await expectNoAxeViolations(page, "/users/view with activities (en)");

    await storeLanguage(page);
    const historyEs = page.getByRole("region", { name: es.UsersAdmin.ActivityHistory, exact: true }).last();
    // The service's name as admins translated it (languages editor, Activity.Item.svc-report-pothole).
    await historyEs.getByRole("cell", { name: `${es.ActivityAdmin.Action.REPORT} Bache`, exact: true }).waitFor({
      timeout: 20_000,
    });
    await historyEs
      .getByRole("cell", { name: `${es.ActivityAdmin.Action.REPORT} ${es.Report.Types.appFeedback}`, exact: true })
      .waitFor();
    expect(await historyEs.getByRole("cell", { name: es.UsersAdmin.Event.CreateActivity, exact: true }).count()).toBe(
      2,
    );
    await expectNoAxeViolations(page, "/users/view with activities (es)");
  });
});
