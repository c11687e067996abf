import { describe, expect, it } from "vitest";
import { buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";

/** A seeded permit, and every permit on its parcel (the search lists them all). */
const permits = buildBillingSeed().permits;
const permit = permits[0];
if (!permit) throw new Error("seed: no permits");
const onParcel = permits.filter((candidate) => candidate.parcelNumber === permit.parcelNumber);

describe("permit search by parcel number", () => {
  const browser = useBrowser();

  it("finds the parcel's permits, then shows a permit's detail", async () => {
    const { page, url } = browser;
    await page.goto(url("/permit-search"));
    await page.getByRole("radio", { name: en.Permits.Modes.parcelNumber }).check();
    await page.getByRole("textbox", { name: en.Permits.Fields.ParcelNumber }).fill(permit.parcelNumber);
    await page.getByRole("button", { name: en.Permits.Search }).click();
    const rowButton = page.getByRole("button", { name: `${permit.year}-${permit.number}`, exact: true });
    await rowButton.waitFor({ timeout: 20_000 });
    expect(await page.locator(".permit-rows tbody tr").count()).toBe(onParcel.length);
    await expectNoAxeViolations(page, "/permit-search rows");

    await rowButton.click();
    const heading = page.getByRole("heading", { name: `Permit ${permit.year}-${permit.number}` });
    await heading.waitFor({ timeout: 20_000 });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const detail = page.locator(".permit-detail");
    expect(await detail.getByText(permit.status, { exact: true }).count()).toBe(1);
    expect(await detail.getByText(permit.contractorName, { exact: true }).count()).toBe(1);
    expect(await detail.getByText(permit.parcelNumber, { exact: true }).count()).toBe(1);
  });

  it("asks for the parcel number when it is missing, with the error summary focused", async () => {
    const { page, url } = browser;
    await page.goto(url("/permit-search"));
    await page.getByRole("radio", { name: en.Permits.Modes.parcelNumber }).check();
    await page.getByRole("button", { name: en.Permits.Search }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe("permit search in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("a permit unknown to the permit system (its error 0502) says no permit was found, in an alert; axe passes", async () => {
    const { page, url } = browser;
    await page.goto(url("/permit-search?mode=applicationNumber&year=2019&number=99999"));
    // Issue 28 names the permit system's not-found answer in words rather than by its code.
    await page.getByRole("alert").filter({ hasText: es.Permits.NotFound }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/permit-search in Spanish");
  });
});

describe("permit search by owner name (issue 26, finding 11)", () => {
  const browser = useBrowser();
  const joh = permits.filter((candidate) => candidate.ownerName.includes("JOH")).length;

  it("needs 3 characters, then pages the rows 25 at a time by keyboard", async () => {
    const { page, url } = browser;
    await page.goto(url("/permit-search"));
    await page.getByRole("radio", { name: en.Permits.Modes.name }).check();
    const owner = page.getByRole("textbox", { name: en.Permits.Fields.OwnerName });
    await owner.fill("J");
    await page.getByRole("button", { name: en.Permits.Search }).click();
    await page.getByText(en.ErrorValidation.TooShort).first().waitFor();

    await owner.fill("joh");
    await owner.press("Enter");
    const pages = Math.ceil(joh / 25);
    const nav = page.getByRole("navigation", { name: en.Permits.PagesLabel });
    await nav.getByText(`Page 1 of ${pages}.`).waitFor({ timeout: 20_000 });
    expect(await page.locator(".permit-rows tbody tr").count()).toBe(25);
    await expectNoAxeViolations(page, "/permit-search owner rows, page 1");

    await nav.getByRole("button", { name: en.Permits.NextPage }).focus();
    await page.keyboard.press("Enter");
    await nav.getByText(`Page 2 of ${pages}.`).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("page")).toBe("1");
    expect(await page.locator(".permit-rows tbody tr").count()).toBe(Math.min(25, joh - 25));
  });
});

describe("permit search by owner name in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("says when more permits match than are listed; axe passes", async () => {
    const { page, url } = browser;
    await page.goto(url("/permit-search?mode=name&ownerName=ELGIN"));
    await page.getByText(es.Permits.Capped.replaceAll("{{count}}", "200")).waitFor({ timeout: 20_000 });
    await page.getByRole("navigation", { name: es.Permits.PagesLabel }).getByText("Página 1 de 8.").waitFor();
    await expectNoAxeViolations(page, "/permit-search capped owner search in Spanish");
  });
});
