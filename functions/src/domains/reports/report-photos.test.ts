import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/http/api-error";
import { blurReportPhoto, redactedPhotoObject, reencodeReportPhoto } from "./report-photos";

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#7a8c5e" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** Fine detail: the mean difference between neighbouring pixels of a row (stripes ~127, an even blur ~0). */
async function fineDetail(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 1; x < info.width; x++)
      sum += Math.abs((data[y * info.width + x] ?? 0) - (data[y * info.width + x - 1] ?? 0));
  }
  return sum / (info.height * (info.width - 1));
}

describe("report photos (README 'Resources')", () => {
  it("refuses a photo declaring more than 100 megapixels before decoding it, as a field error", async () => {
    // 10,001 x 10,001: a few hundred KB of PNG that would decode to 300 MB in the 256 MiB reports function.
    const bomb = await flatPng(10_001, 10_001);
    expect(bomb.length).toBeLessThan(1_048_576);
    const refused = await reencodeReportPhoto({ type: "image/png", bytes: bomb }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
  }, 60_000);

  it("shrinks a large photo to fit 2048 px a side", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer();
    const output = await reencodeReportPhoto({ type: "image/jpeg", bytes: photo });
    expect(await sharp(output).metadata()).toMatchObject({ width: 2048, height: 1536, format: "jpeg" });
  });

  it("a redacted copy keeps no fine detail: 2-pixel stripes (a plate's strokes) blur to an even grey", async () => {
    const width = 1200;
    const height = 900;
    const raw = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * width + x] = x % 4 < 2 ? 0 : 255;
    const photo = await sharp(raw, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    expect(await fineDetail(photo)).toBeGreaterThan(100);
    const blurred = await blurReportPhoto(photo);
    expect(await sharp(blurred).metadata()).toMatchObject({ width: 800, height: 600, format: "jpeg" });
    expect(await fineDetail(blurred)).toBeLessThan(1);
  });

  it("stores the blurred copy beside the original", () => {
    expect(redactedPhotoObject("report-photos/u1/r1/2.png")).toBe("report-photos/u1/r1/redacted/2.jpg");
  });
});
