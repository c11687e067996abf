import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { utilityFolderName } from "../../emulators/src/seed/boxes.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { type BoxFolderResponse, FILE_BOX_UPLOAD_MAX_BYTES } from "../../functions/src/contract/activity-detail.ts";
import { PHONE_EXIF_WITH_LOCATION } from "../../functions/src/platform/__tests__/phone-exif.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 33 (spec 3 T21): the file widget of a case page and of /mobileWebView/box uploads through
 * POST /api/box/upload, which strips a photo's EXIF (its GPS position) before the file box keeps it.
 * The test reads the stored file back from the file box.
 */

const named = city().seededActivities;
const token = async () => (await principal("resident")).idToken as string;

async function upload(
  folder: BoxFolderResponse | null,
  file: { bytes: Buffer; name: string; type: string },
  boxToken?: string,
) {
  const form = new FormData();
  if (folder) form.append("folderId", folder.folderId);
  form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${stackInfo().portalUrl}/api/box/upload`, {
    method: "POST",
    headers: boxToken === undefined ? {} : { "x-box-token": boxToken },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function storedFile(folder: BoxFolderResponse, id: string): Promise<Buffer> {
  const answer = await fetch(`${folder.apiUrl}/files/${id}/content`, {
    headers: { authorization: `Bearer ${folder.accessToken}` },
  });
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

describe("file-box uploads through the portal (POST /api/box/upload)", () => {
  it("a phone photo uploaded to a case's file box is stored without EXIF; a PDF is stored unchanged", async () => {
    const folderAnswer = await callApi<BoxFolderResponse>("GET", `/api/box/${named.residentActionRequiredCase}`, {
      token: await token(),
    });
    expect(folderAnswer.status).toBe(200);
    const folder = folderAnswer.body;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#4a7" } })
      .jpeg()
      .withExif(PHONE_EXIF_WITH_LOCATION)
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const name = `meter-${randomUUID()}.jpg`;
    const answer = await upload(folder, { bytes: photo, name, type: "image/jpeg" }, folder.accessToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ name, stripped: true });
    const stored = await storedFile(folder, String(answer.body.id));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([320, 240]);
    expect(stored.includes("PhoneMaker")).toBe(false);

    const pdf = Buffer.from("%PDF-1.4\n% a permit drawing\n%%EOF\n");
    const pdfName = `drawing-${randomUUID()}.pdf`;
    const pdfAnswer = await upload(folder, { bytes: pdf, name: pdfName, type: "application/pdf" }, folder.accessToken);
    expect(pdfAnswer.body).toMatchObject({ name: pdfName, stripped: false });
    expect(await storedFile(folder, String(pdfAnswer.body.id))).toEqual(pdf);

    // The same name again is the file box's conflict, answered 409.
    expect(
      (await upload(folder, { bytes: pdf, name: pdfName, type: "application/pdf" }, folder.accessToken)).status,
    ).toBe(409);
  });

  it("the folder's token decides: none is 400, a read-only utility token is 403, and nothing is stored", async () => {
    const utility = await callApi<BoxFolderResponse>(
      "GET",
      `/api/box/util/${utilityFolderName(city().seededResidentUtilityAccount)}`,
      { token: await token() },
    );
    expect(utility.body.readOnly).toBe(true);
    const file = { bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), name: `x-${randomUUID()}.pdf`, type: "application/pdf" };
    const noToken = await upload(utility.body, file);
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ error: { fields: { token: "Required" } } });
    const readOnly = await upload(utility.body, file, utility.body.accessToken);
    expect(readOnly.status).toBe(403);
    const items = await fetch(`${utility.body.apiUrl}/folders/${utility.body.folderId}/items`, {
      headers: { authorization: `Bearer ${utility.body.accessToken}` },
    });
    const names = ((await items.json()) as { entries: { name: string }[] }).entries.map((entry) => entry.name);
    expect(names).not.toContain(file.name);
  });

  it("a file over 30 MiB is refused with 413, the file marked too large, and nothing is stored (spec 2 §8 X21)", async () => {
    const folderAnswer = await callApi<BoxFolderResponse>("GET", `/api/box/${named.residentActionRequiredCase}`, {
      token: await token(),
    });
    expect(folderAnswer.status).toBe(200);
    const folder = folderAnswer.body;
    const name = `scan-${randomUUID()}.pdf`;
    const bytes = Buffer.alloc(FILE_BOX_UPLOAD_MAX_BYTES + 1, 0x20);
    bytes.write("%PDF-1.4\n", 0);
    const answer = await upload(folder, { bytes, name, type: "application/pdf" }, folder.accessToken);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: { code: "too_large", fields: { file: "TooLarge" } } });
    const items = await fetch(`${folder.apiUrl}/folders/${folder.folderId}/items?limit=1000`, {
      headers: { authorization: `Bearer ${folder.accessToken}` },
    });
    const names = ((await items.json()) as { entries: { name: string }[] }).entries.map((entry) => entry.name);
    expect(names).not.toContain(name);
  });
});
