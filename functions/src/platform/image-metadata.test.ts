import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHONE_EXIF_WITH_LOCATION } from "./__tests__/phone-exif";
import {
  isPixelLimitError,
  metadataStripper,
  PICTURE_MAX_PIXELS,
  PICTURES_AT_ONCE,
  withoutImageMetadata,
  withPictureSlot,
} from "./image-metadata";

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

describe("bounding the memory of pictures (issue 25: the users function's 1 GiB)", () => {
  it("fits a picture within the asked size without enlarging a small one", async () => {
    const large = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    const fitted = await buffer(Readable.from([large]).pipe(await metadataStripper({ fitWithin: 1024 })));
    expect(await sharp(fitted).metadata()).toMatchObject({ width: 1024, height: 512, format: "jpeg" });
    const small = await photoWithLocation("png");
    const kept = await buffer(Readable.from([small]).pipe(await metadataStripper({ fitWithin: 1024 })));
    expect(await sharp(kept).metadata()).toMatchObject({ width: 20, height: 40 });
  });

  it("refuses a picture that declares more than PICTURE_MAX_PIXELS before decoding it", async () => {
    // An 8 x 8 JPEG whose frame header (SOF0: FF C0, length, precision, height, width) declares
    // 10,000 x 10,001: 100,010,000 pixels. sharp reads only the header to refuse it.
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const huge = Buffer.from(small);
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(10_000, frame + 5);
    huge.writeUInt16BE(10_001, frame + 7);
    expect(10_001 * 10_000).toBeGreaterThan(PICTURE_MAX_PIXELS);
    const failure = await strip(huge).catch((error: unknown) => error);
    expect(isPixelLimitError(failure)).toBe(true);
    // The file-box upload's re-encoding (T21) refuses it too, before decoding.
    const boxFailure = await withoutImageMetadata(huge).catch((error: unknown) => error);
    expect(isPixelLimitError(boxFailure)).toBe(true);
  });

  it("re-encodes at most PICTURES_AT_ONCE pictures at once; the others wait and then all finish", async () => {
    let running = 0;
    let most = 0;
    const finish: (() => void)[] = [];
    const work = () =>
      withPictureSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finish.push(resolve));
        running--;
      });
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const started = Array.from({ length: PICTURES_AT_ONCE + 3 }, work);
    await tick();
    expect(running).toBe(PICTURES_AT_ONCE);
    // A newcomer while one picture finishes: the slot goes to the one waiting longest, never to both.
    finish.shift()?.();
    started.push(work());
    await tick();
    expect(running).toBe(PICTURES_AT_ONCE);
    while (finish.length) {
      finish.shift()?.();
      await tick();
      expect(running).toBeLessThanOrEqual(PICTURES_AT_ONCE);
    }
    await Promise.all(started);
    expect(most).toBe(PICTURES_AT_ONCE);
  });
});
