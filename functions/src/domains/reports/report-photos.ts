import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import type { UploadImageType } from "../../contract/images";
import { REPORT_PHOTO_MAX_PIXELS } from "../../contract/reports";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest, notFound } from "../../platform/http/api-error";
import { PICTURE_MAX_PIXELS, withPictureSlot } from "../../platform/image-metadata";

/**
 * One report photo shrunk to fit 2048 px, turned upright and re-encoded without its metadata (EXIF
 * with the GPS position, XMP, IPTC: sharp keeps none unless asked). Bounded as profile pictures are
 * (README "Resources", `node scripts/measure-report-photo-memory.mjs`): a photo declaring more than
 * PICTURE_MAX_PIXELS is refused from its header (a 10 MB body of flat 256-MP PNGs took +311 MB), and
 * an instance re-encodes at most PICTURES_AT_ONCE pictures at once across its concurrent requests.
 */
export async function reencodeReportPhoto(file: { type: UploadImageType; bytes: Buffer }): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  try {
    return await withPictureSlot(() =>
      sharp(file.bytes, { animated: file.type === "image/gif", failOn: "error", limitInputPixels: PICTURE_MAX_PIXELS })
        .autoOrient()
        .resize({
          width: REPORT_PHOTO_MAX_PIXELS,
          height: REPORT_PHOTO_MAX_PIXELS,
          fit: "inside",
          withoutEnlargement: true,
        })
        .toBuffer(),
    );
  } catch {
    throw badRequest("A photo could not be read.", { files: "Invalid" });
  }
}

/** The blurred copy's longest side: small enough that no face or plate survives the blur, large enough to see the problem. */
const REDACTED_MAX_PIXELS = 800;

/**
 * A redacted report photo (issue 31): the stored photo shrunk to 800 px and blurred (a Gaussian of
 * sigma 24 at that size leaves shapes and colours, not faces or plates), as a JPEG. Through the same
 * bounds as the upload (100-MP refusal, at most 2 pictures at once per instance).
 */
export async function blurReportPhoto(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return withPictureSlot(() =>
    sharp(bytes, { failOn: "error", limitInputPixels: PICTURE_MAX_PIXELS })
      .resize({ width: REDACTED_MAX_PIXELS, height: REDACTED_MAX_PIXELS, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#808080" })
      .blur(24)
      .jpeg({ quality: 70 })
      .toBuffer(),
  );
}

/** Where a photo's blurred copy is stored: beside the original, `…/{reportId}/redacted/{n}.jpg`. */
export function redactedPhotoObject(original: string): string {
  const slash = original.lastIndexOf("/");
  const file = original.slice(slash + 1).replace(/\.[^.]+$/, "");
  return `${original.slice(0, slash)}/redacted/${file}.jpg`;
}

/**
 * Answers a request with a stored report photo, streamed: its type and size as stored, sandboxed (a
 * photo is never a page), with the caller's cache rule; 404 "No such photo." when the object is gone.
 * Every route that shows a report's photo sends it through here (public, resident's case page, staff).
 */
export async function sendReportPhoto(name: string, res: Response, cacheControl: string): Promise<void> {
  const object = (await storageBucket()).file(name);
  const [metadata] = await withStorage(() => object.getMetadata()).catch((error: unknown) => {
    throw error instanceof ConnectorError && error.kind === "not_found" ? notFound("No such photo.") : error;
  });
  res.setHeader("content-type", String(metadata.contentType ?? "application/octet-stream"));
  res.setHeader("cache-control", cacheControl);
  res.setHeader("content-security-policy", "default-src 'none'; sandbox");
  res.setHeader("x-content-type-options", "nosniff");
  if (metadata.size !== undefined) res.setHeader("content-length", String(metadata.size));
  res.status(200);
  await pipeline(object.createReadStream(), res);
}
