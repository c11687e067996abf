import { describe, expect, it } from "vitest";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { caseResident, openCase, removeCaseUpdates, startCaseFeedNow, useCaseUpdates } from "../kit/case-updates.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { linkIn, waitForMails } from "../kit/mail.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 33's closed loop (built with issue 29's messages): four weeks after her case closed, the
 * resident gets "Is it fixed?" by email; its link opens the case page, where she answers "no" by
 * keyboard with a note; the case is reopened in the CRM and the timeline shows her answer and the
 * reopening. In English and in Spanish, axe-clean.
 */

const DAY = 86_400_000;
const file = useCaseUpdates();

describe("Is it fixed?", () => {
  const browser = useBrowser();

  for (const language of ["en", "es"] as const) {
    const texts = language === "es" ? es : en;
    it(`a resident answers "no" by keyboard and the case is reopened, with the timeline showing it (${language})`, async () => {
      const resident = await caseResident(`case-fixed-${language}`, language, {
        inApp: true,
        email: true,
        text: false,
      });
      const made = await openCase(resident.contactId, "Streetlight out: 55 Spring St");
      file.cleanups.push(async () => {
        await removeCaseUpdates([resident.uid], [made.id]);
        await resident.remove([{ object: "Case", id: made.id }]);
      });
      await startCaseFeedNow();
      await stackCrm().update("Case", made.id, { Status: "Closed" });
      await file.service.sendCaseUpdates();
      expect((await file.service.sendCaseUpdates({ now: new Date(Date.now() + 29 * DAY) })).questions).toBe(1);
      const mails = await waitForMails(resident.email, 2);
      const question = mails[1];
      if (!question) throw new Error("no question mail");
      expect(question.subject).toBe(
        language === "es" ? `¿Quedó resuelto? Caso ${made.caseNumber}` : `Is it fixed? Case ${made.caseNumber}`,
      );
      const link = linkIn(question, `${stackInfo().portalUrl}/activity-view/Case/`);

      const { page } = browser;
      await logInThroughForm(page, browser.url, resident.email);
      if (language === "es") await storeLanguage(page, "es");
      await page.goto(link);
      await page.getByRole("heading", { level: 2, name: texts.Activity.Fixed.Heading }).waitFor({ timeout: 20_000 });
      await expectNoAxeViolations(page, `case page asking "Is it fixed?" (${language})`);

      // By keyboard: the first answer, an arrow to "no", Tab to the note, Tab to the button, Enter.
      await page.getByRole("radio", { name: texts.Activity.Fixed.Yes }).focus();
      await page.keyboard.press("ArrowDown");
      expect(await page.getByRole("radio", { name: texts.Activity.Fixed.No }).isChecked()).toBe(true);
      await page.keyboard.press("Tab");
      const note = language === "es" ? "La luz sigue apagada por la noche." : "The light is still out at night.";
      await page.keyboard.type(note);
      expect(await page.getByLabel(texts.Activity.Fixed.Note).inputValue()).toBe(note);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.getByText(texts.Activity.Fixed.Reopened).waitFor({ timeout: 20_000 });

      // The CRM has it reopened, with her note.
      await expect
        .poll(async () => (await stackCrm().retrieve<{ Id: string; Status: string }>("Case", made.id)).Status)
        .toBe("Open");
      // The timeline: received, closed, her "not fixed" with the note, reopened.
      const timeline = page.locator(".activity-history li");
      await page.getByText(texts.Activity.Fixed.AnsweredNo).waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => (await timeline.allInnerTexts()).map((line) => line.split("\n")[0]?.trim()))
        .toEqual([
          expect.stringContaining(texts.Activity.Filed),
          expect.stringContaining(texts.CaseStatus.Closed),
          expect.stringContaining(texts.Activity.Fixed.TimelineNotFixed),
          expect.stringContaining(texts.CaseStatus.Open),
        ]);
      await timeline.getByText(note).waitFor();
      await expectNoAxeViolations(page, `case page after "not fixed" (${language})`);
    });
  }
});
