import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/http/api-error";
import { reencodeReportPhoto } from "./report-photos";

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#7a8c5e" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

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
});
