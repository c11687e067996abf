import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHONE_EXIF_WITH_LOCATION } from "./__tests__/phone-exif";
import { metadataStripper } from "./image-metadata";

/** A photo as a phone takes it: EXIF with a GPS position, the camera, and orientation 6 (turned). */
async function photoWithLocation(format: "jpeg" | "png" | "webp"): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#3366cc" } })
    .toFormat(format)
    .withMetadata({ orientation: 6 })
    .withExif({ ...PHONE_EXIF_WITH_LOCATION, IFD0: { ...PHONE_EXIF_WITH_LOCATION.IFD0, Orientation: "6" } })
    .toBuffer();
}

const strip = async (input: Buffer) => buffer(Readable.from([input]).pipe(await metadataStripper()));

describe("metadataStripper (security review finding 8)", () => {
  it.each(["jpeg", "png", "webp"] as const)("drops EXIF and the GPS position of a %s, upright", async (format) => {
    const photo = await photoWithLocation(format);
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(photo.includes("PhoneMaker")).toBe(true);

    const stripped = await strip(photo);
    const after = await sharp(stripped).metadata();
    expect(after.format).toBe(before.format);
    expect(after.exif).toBeUndefined();
    expect(stripped.includes("PhoneMaker")).toBe(false);
    // Orientation 6 was applied to the pixels: 40 x 20 became 20 x 40.
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it("keeps every frame of an animated GIF", async () => {
    // Two 8 x 8 frames, red then blue (identical frames would be merged by the encoder).
    const pixels = Buffer.alloc(8 * 16 * 4);
    for (let pixel = 0; pixel < 128; pixel++) {
      pixels[pixel * 4 + (pixel < 64 ? 0 : 2)] = 255;
      pixels[pixel * 4 + 3] = 255;
    }
    const animated = await sharp(pixels, { raw: { width: 8, height: 16, channels: 4, pageHeight: 8 } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated, { animated: true }).metadata()).pages).toBe(2);
    const stripped = await strip(animated);
    expect((await sharp(stripped, { animated: true }).metadata()).pages).toBe(2);
  });

  it("fails on something that is not an image", async () => {
    await expect(strip(Buffer.from("<html>not a picture</html>"))).rejects.toThrow();
  });
});
