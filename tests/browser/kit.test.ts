import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";

describe("browser kit", () => {
  const browser = useBrowser();

  it("the axe check fails on a page with an unlabelled field and passes on a labelled one", async () => {
    const { page } = browser;
    await page.setContent(
      `<html lang="en"><head><title>t</title></head><body><main><h1>Form</h1><input type="text"></main></body></html>`,
    );
    await expect(expectNoAxeViolations(page, "unlabelled")).rejects.toThrow(/label/);
    await page.setContent(
      `<html lang="en"><head><title>t</title></head><body><main><h1>Form</h1><label>Name <input type="text"></label></main></body></html>`,
    );
    await expectNoAxeViolations(page, "labelled");
  });
});
