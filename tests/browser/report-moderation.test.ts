import { beforeAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { fileSignedGraffiti, nearbyGraffiti, publicBytes, signedInBytes } from "../kit/moderation.ts";
import { principal } from "../kit/principals.ts";
import { storedObject } from "../kit/reports.ts";

// Issue 31, "Done when": staff redacts a report photo and the nearby-reports answer no longer shows it.
// English from the console's start (by case number), Spanish from the person view's cases; by keyboard,
// axe-clean, at a phone's 390 px.

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), text);

describe("moderation of reports", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });
  let filed: Awaited<ReturnType<typeof fileSignedGraffiti>>;

  beforeAll(async () => {
    filed = await fileSignedGraffiti();
  }, 60_000);

  it("staff redacts a report photo and the nearby-reports answer no longer shows it; the original stays for staff (en, es)", async () => {
    const { page, url } = browser;
    const staff = seededUser("staff");
    const originals = [await storedObject(filed.names[0] as string), await storedObject(filed.names[1] as string)];
    const photoPath = (index: number, redacted: boolean) =>
      `/api/reports/${filed.caseId}/photos/${index}${redacted ? "/redacted" : ""}`;
    const publicPhotos = async () =>
      (await nearbyGraffiti(filed.place)).find((item) => item.caseId === filed.caseId)?.photos;
    expect(await publicPhotos()).toEqual([photoPath(0, false), photoPath(1, false)]);

    // English: from the console's start, by the case number, by keyboard.
    await logInThroughForm(page, url, staff.email);
    await page.goto(url("/console"));
    const link = page.getByRole("link", { name: en.Moderation.Link });
    await link.focus();
    await page.keyboard.press("Enter");
    await poll(() => new URL(page.url()).pathname).toBe("/console/reports");
    const field = page.getByLabel(en.Moderation.CaseNumber, { exact: false });
    await field.focus();
    await page.keyboard.type(filed.caseNumber);
    await page.keyboard.press("Enter");
    await page
      .getByRole("heading", { name: fill(en.Moderation.CaseTitle, { caseNumber: filed.caseNumber }) })
      .waitFor();
    await page.getByRole("img", { name: fill(en.Moderation.OriginalAlt, { number: 1, count: 2 }) }).waitFor();
    await page.getByRole("img", { name: fill(en.Moderation.OriginalAlt, { number: 2, count: 2 }) }).waitFor();
    await expectNoAxeViolations(page, "/console/reports, a report (en)");
    const redactFirst = page.getByRole("button", { name: fill(en.Moderation.Redact, { number: 1 }) });
    await redactFirst.focus();
    await page.keyboard.press("Enter");
    await page.getByText(fill(en.Moderation.PhotoRedacted, { number: 1 })).waitFor();
    await page.getByRole("status").filter({ hasText: en.Moderation.Saved }).waitFor();
    await expectNoAxeViolations(page, "/console/reports, a photo redacted (en)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The public answer no longer shows the photo: it names the blurred copy, and the original's address is gone.
    expect(await publicPhotos()).toEqual([photoPath(0, true), photoPath(1, false)]);
    expect((await publicBytes(photoPath(0, false))).status).toBe(404);
    const blurred = await publicBytes(photoPath(0, true));
    expect(blurred.status).toBe(200);
    expect(blurred.bytes.equals(originals[0] as Buffer)).toBe(false);
    // The stored original still exists, for staff.
    expect((await storedObject(filed.names[0] as string)).equals(originals[0] as Buffer)).toBe(true);
    const staffToken = (await principal("staff")).idToken as string;
    const forStaff = await signedInBytes(`/api/console/reports/${filed.caseNumber}/photos/0`, staffToken);
    expect(forStaff.status).toBe(200);
    expect(forStaff.bytes.equals(originals[0] as Buffer)).toBe(true);

    // Spanish: from the person view's cases.
    await page.goto(url(`/console/people/${filed.maria.uid}`));
    await storeLanguage(page, "es");
    const fromPerson = page.getByRole("link", {
      name: fill(es.Moderation.ModerateCase, { caseNumber: filed.caseNumber }),
    });
    await fromPerson.focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("heading", { name: fill(es.Moderation.CaseTitle, { caseNumber: filed.caseNumber }) })
      .waitFor();
    await page.getByText(fill(es.Moderation.PhotoRedacted, { number: 1 })).waitFor();
    await page.getByRole("img", { name: fill(es.Moderation.OriginalAlt, { number: 2, count: 2 }) }).waitFor();
    await expectNoAxeViolations(page, "/console/reports, a report (es)");
    const redactSecond = page.getByRole("button", { name: fill(es.Moderation.Redact, { number: 2 }) });
    await redactSecond.focus();
    await page.keyboard.press("Enter");
    await page.getByText(fill(es.Moderation.PhotoRedacted, { number: 2 })).waitFor();
    await page.getByRole("status").filter({ hasText: es.Moderation.Saved }).waitFor();
    await expectNoAxeViolations(page, "/console/reports, a photo redacted (es)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(await publicPhotos()).toEqual([photoPath(0, true), photoPath(1, true)]);
    expect((await publicBytes(photoPath(1, false))).status).toBe(404);
    expect((await storedObject(filed.names[1] as string)).equals(originals[1] as Buffer)).toBe(true);
  });
});
