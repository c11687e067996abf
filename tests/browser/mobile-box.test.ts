import { beforeAll, describe, expect, it } from "vitest";
import { utilityFolderName } from "../../emulators/src/seed/boxes.ts";
import { city } from "../../emulators/src/seed/city.ts";
import type { BoxFolderResponse } from "../../functions/src/contract/activity-detail.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Spec 2 "/mobileWebView/box": the file box the mobile app opens with a folder token it was given. */

const utilityAccount = utilityFolderName(city().seededResidentUtilityAccount);
const completedCase = city().seededActivities.residentCompletedCase;

/** The folder and token the app would have from the API, as the resident. */
async function folderFor(path: string): Promise<BoxFolderResponse> {
  const { idToken } = await principal("resident");
  const answer = await callApi<BoxFolderResponse>("GET", path, { token: idToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

const boxLink = (folder: BoxFolderResponse, extra: Record<string, string>) =>
  `/mobileWebView/box?${new URLSearchParams({ folderId: folder.folderId, boxToken: folder.accessToken, ...extra })}`;

let utilityFolder: BoxFolderResponse;
let recordFolder: BoxFolderResponse;
beforeAll(async () => {
  utilityFolder = await folderFor(`/api/box/util/${utilityAccount}`);
  recordFolder = await folderFor(`/api/box/${completedCase}`);
}, 120_000);

describe("/mobileWebView/box", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("answers the production CSP with the real file-box hosts, and can never be framed", async () => {
    const response = await fetch(`${stackInfo().portalUrl}/mobileWebView/box`, { method: "HEAD" });
    const csp = response.headers.get("content-security-policy") ?? "";
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
    expect(connect).toEqual(
      expect.arrayContaining(["https://api.box.com", "https://upload.box.com", "https://dl.boxcloud.com"]),
    );
    // Locally the page reaches the boxes sandbox the runtime config names.
    expect(connect).toContain(stackInfo().sandboxes.boxes);
    expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim()).toBe("'none'");
  });

  it("a utility account's bills are listed read-only, whatever the link says, in English and Spanish", async () => {
    const { page, url } = browser;
    await page.goto(url(boxLink(utilityFolder, { utilityAccount, readonly: "false" })));
    await page.getByRole("heading", { level: 1, name: en.Pages.MobileWebViewBox }).waitFor();
    await page
      .getByRole("heading", { name: en.Box.UtilityAccountHeading.replace("{{account}}", utilityAccount) })
      .waitFor();
    await page
      .getByRole("button", { name: /^Download Water bill \d{4}-\d{2}\.pdf$/ })
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: /^Download Water bill/ }).count()).toBe(2);
    expect(await page.getByLabel(en.Box.UploadLabel).count()).toBe(0);
    await expectNoAxeViolations(page, "mobile box view (utility account)");

    await storeLanguage(page);
    await page
      .getByRole("heading", { name: es.Box.UtilityAccountHeading.replace("{{account}}", utilityAccount) })
      .waitFor();
    await page
      .getByRole("button", { name: /^Descargar Water bill/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page, "mobile box view (utility account, Spanish)");
  });

  it("a record's folder takes an upload through the configured file box; readonly=true leaves the upload out", async () => {
    const { page, url } = browser;
    await page.goto(url(boxLink(recordFolder, { sfId: completedCase })));
    await page.getByRole("heading", { name: en.Box.RecordHeading }).waitFor();
    await page.getByRole("button", { name: "Download Inspector notes.pdf" }).waitFor();
    await page.getByLabel(en.Box.UploadLabel).setInputFiles({
      name: "mobile-photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("a photo from the app"),
    });
    await page.getByText(en.Box.Uploaded.replace("{{name}}", "mobile-photo.jpg")).waitFor();
    await page.getByRole("button", { name: "Download mobile-photo.jpg" }).waitFor();
    await expectNoAxeViolations(page, "mobile box view (record)");

    await page.goto(url(boxLink(recordFolder, { sfId: completedCase, readonly: "true" })));
    await page.getByRole("button", { name: "Download mobile-photo.jpg" }).waitFor();
    expect(await page.getByLabel(en.Box.UploadLabel).count()).toBe(0);
  });

  it("a link without its token or record shows no widget but says the link is incomplete", async () => {
    const { page, url } = browser;
    await page.goto(url(`/mobileWebView/box?folderId=${recordFolder.folderId}&sfId=${completedCase}`));
    await page.getByRole("alert").filter({ hasText: en.Box.IncompleteLink }).waitFor();
    expect(await page.getByRole("heading", { name: en.Box.RecordHeading }).count()).toBe(0);
    await storeLanguage(page);
    await page.getByRole("alert").filter({ hasText: es.Box.IncompleteLink }).waitFor();
    await expectNoAxeViolations(page, "mobile box view (incomplete link, Spanish)");
  });
});
