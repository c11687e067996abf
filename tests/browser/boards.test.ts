import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackInfo } from "../kit/stack-info.ts";

const { boards, boardMembers, boardAttendance, contacts } = city();
const open = boards.find((board) => board.Alias__c === "HC");
const full = boards.find((board) => board.Alias__c === "PZC");
if (!open || open.Vacancies__c < 1 || !full || full.Vacancies__c !== 0) {
  throw new Error("seed: expected the Heritage Commission with vacancies and Planning and Zoning without");
}
const liaison = contacts.find((contact) => contact.Id === open.Staff_Liaison__c);
const members = boardMembers.filter((member) => member.Board_Commission__c === open.Id);
const meetingDates = [
  ...new Set(boardAttendance.filter((row) => row.Board_Commission__c === open.Id).map((row) => row.Meeting_Date__c)),
].sort((a, b) => b.localeCompare(a));
const newest = meetingDates[0] as string;
const shortDate = `${newest.slice(5, 7)}/${newest.slice(8, 10)}/${newest.slice(2, 4)}`;
const crmCalls = async () => (await sandboxControl(stackInfo().sandboxes.crm as string).counters()).total;

describe("boards and commissions", () => {
  const browser = useBrowser();

  it("lists boards by category with vacancy cards: apply opens the external form, a full board is unavailable", async () => {
    const { page, url } = browser;
    await page.goto(url("/boards-and-commissions"));
    const vacancies = page.getByRole("region", { name: en.Boards.CurrentVacancies });
    await vacancies.waitFor({ timeout: 20_000 });
    await page.getByRole("heading", { level: 2, name: en.Boards.CategoryBoards, exact: true }).waitFor();
    await page.getByRole("heading", { level: 2, name: en.Boards.CategoryCommissions, exact: true }).waitFor();
    expect(await page.locator(".boards__tile").count()).toBe(boards.length);

    const openCard = vacancies.locator(".boards__card", { hasText: open.Name });
    await openCard.getByText(`${open.Vacancies__c} ${open.Vacancies__c === 1 ? "vacancy" : "vacancies"}`).waitFor();
    const apply = openCard.getByRole("link", { name: new RegExp(`^${en.Boards.Apply} ${open.Name}`) });
    const configured = await page.evaluate(
      () =>
        (window as unknown as { __PORTAL_CONFIG__: { boardApplicationUrl: string } }).__PORTAL_CONFIG__
          .boardApplicationUrl,
    );
    expect(configured).toMatch(/^https:\/\//);
    expect(await apply.getAttribute("href")).toBe(configured);
    expect(await apply.getAttribute("target")).toBe("_blank");

    const fullCard = vacancies.locator(".boards__card", { hasText: full.Name });
    await fullCard.getByText(en.Boards.Unavailable, { exact: true }).waitFor();
    expect(await fullCard.getByRole("link").count()).toBe(0);
    await expectNoAxeViolations(page, "/boards-and-commissions");

    // Warm: the list and a board's members come from the server's cache, no CRM call.
    await page.getByRole("link", { name: `${open.Alias__c} ${open.Name}` }).click();
    await page.getByRole("heading", { level: 1, name: open.Name }).waitFor({ timeout: 20_000 });
    await page.getByRole("table").first().waitFor({ timeout: 20_000 });
    const before = await crmCalls();
    await page.reload();
    await page
      .getByRole("cell", { name: `${members[0]?.Attendance_Percentage__c}%` })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await crmCalls()).toBe(before);
  });

  it("shows a board's overview, duties, members, meeting attendance in a dialog and its resources", async () => {
    const { page, url } = browser;
    await page.goto(url(`/boards-and-commissions/${open.Id}`));
    await page.getByRole("heading", { level: 1, name: open.Name }).waitFor({ timeout: 20_000 });
    const overview = page.getByRole("region", { name: en.Boards.Overview });
    await overview.getByText(open.Overview__c).waitFor();
    await overview.getByText(liaison?.Name as string).waitFor();
    await overview.getByRole("link", { name: open.Staff_Liaison_Email__c }).waitFor();
    await overview.getByText(open.Term_Length__c, { exact: true }).waitFor();
    await overview.getByText(open.Meeting_Location__c, { exact: true }).waitFor();

    const duties = page.getByRole("region", { name: en.Boards.PowersAndDuties }).getByRole("listitem");
    expect(await duties.allTextContents()).toEqual(open.Powers_Duties__c.split("$"));

    const membersTable = page.getByRole("region", { name: en.Boards.Members }).getByRole("table");
    await membersTable.waitFor({ timeout: 20_000 });
    for (const member of members) {
      const row = membersTable.getByRole("row", { name: member.Full_Name__c });
      expect(await row.getByRole("cell").textContent()).toBe(`${member.Attendance_Percentage__c}%`);
    }
    // Members and attendance sit side by side at 1280 px.
    const membersBox = await page.getByRole("region", { name: en.Boards.Members }).boundingBox();
    const attendanceBox = await page.getByRole("region", { name: en.Boards.AttendanceRecord }).boundingBox();
    expect(attendanceBox?.x).toBeGreaterThan((membersBox?.x ?? 0) + (membersBox?.width ?? 0) - 1);
    expect(attendanceBox?.y).toBe(membersBox?.y);

    const resources = page.getByRole("region", { name: en.Boards.Resources }).getByRole("link");
    const expected = Array.from({ length: 10 }, (_, index) => index + 1)
      .map((slot) => ({
        label: open[`Label_Additional_Information${slot}__c`],
        href: open[`Additional_Information${slot}__c`],
      }))
      .filter((link) => link.label && link.href);
    expect(await resources.count()).toBe(expected.length);
    expect(await resources.first().getAttribute("href")).toBe(expected[0]?.href);
    expect(await resources.first().getAttribute("target")).toBe("_blank");
    await expectNoAxeViolations(page, "/boards-and-commissions/{id}");

    const dateButton = page.getByRole("button", { name: new RegExp(`^${shortDate}`) });
    await dateButton.click();
    const dialog = page.getByRole("dialog", { name: `Attendance on ${shortDate}` });
    await dialog.waitFor();
    const attended = boardAttendance.filter(
      (row) => row.Board_Commission__c === open.Id && row.Meeting_Date__c === newest,
    );
    expect(await dialog.getByRole("row").count()).toBe(attended.length + 1);
    const first = attended[0];
    const firstName = members.find((member) => member.Id === first?.Member__c)?.Full_Name__c as string;
    expect(await dialog.getByRole("row", { name: firstName }).getByRole("cell").textContent()).toBe(
      first?.Attendance__c,
    );
    await expectNoAxeViolations(page, "/boards-and-commissions/{id} attendance dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => dateButton.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("keeps the board page at most 1000 px wide on a wide screen (spec 3 §9: audit item B12)", async () => {
    const { page, url } = browser;
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(url(`/boards-and-commissions/${open.Id}`));
    await page.getByRole("region", { name: en.Boards.Members }).getByRole("table").waitFor({ timeout: 20_000 });
    const box = await page.locator(".board-detail").boundingBox();
    expect(box?.width).toBe(1000);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("stacks members above attendance below 750 px", async () => {
    const { page, url } = browser;
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto(url(`/boards-and-commissions/${full.Id}`));
    await page.getByRole("region", { name: en.Boards.Members }).getByRole("table").waitFor({ timeout: 20_000 });
    const membersBox = await page.getByRole("region", { name: en.Boards.Members }).boundingBox();
    const attendanceBox = await page.getByRole("region", { name: en.Boards.AttendanceRecord }).boundingBox();
    expect(attendanceBox?.y).toBeGreaterThan((membersBox?.y ?? 0) + (membersBox?.height ?? 0) - 1);
  });
});

describe("boards and commissions in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("the list and a board's page pass axe in Spanish", async () => {
    const { page, url } = browser;
    await page.goto(url("/boards-and-commissions"));
    const vacancies = page.getByRole("region", { name: es.Boards.CurrentVacancies });
    await vacancies.waitFor({ timeout: 20_000 });
    await vacancies.locator(".boards__card", { hasText: full.Name }).getByText(es.Boards.Unavailable).waitFor();
    await expectNoAxeViolations(page, "/boards-and-commissions in Spanish");
    await page.goto(url(`/boards-and-commissions/${open.Id}`));
    await page.getByRole("region", { name: es.Boards.Members }).getByRole("table").waitFor({ timeout: 20_000 });
    // The city's Spanish texts of the board (the CRM's *_ES__c fields), not the English ones.
    const overview = page.getByRole("region", { name: es.Boards.Overview });
    await overview.getByText(open.Overview_ES__c, { exact: true }).waitFor();
    await overview.getByText(open.Term_Length_ES__c, { exact: true }).waitFor();
    await overview.getByText(open.Meeting_Date_ES__c, { exact: true }).waitFor();
    expect(await overview.getByText(open.Overview__c).count()).toBe(0);
    const duties = page.getByRole("region", { name: es.Boards.PowersAndDuties }).getByRole("listitem");
    expect(await duties.allTextContents()).toEqual(open.Powers_Duties_ES__c.split("$"));
    const resources = page.getByRole("region", { name: es.Boards.Resources }).getByRole("link");
    expect(await resources.first().textContent()).toContain(open.Label_Additional_Information1_ES__c as string);
    await expectNoAxeViolations(page, "/boards-and-commissions/{id} in Spanish");
  });
});
