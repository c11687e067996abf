import type { UploadImageType } from "../contract/images";

/** Bytes needed to recognise every accepted type. */
export const IMAGE_SIGNATURE_BYTES = 12;

/**
 * The image type of a file from its magic number, or null when it is not one of the raster
 * images we accept: the browser's declared type is not trusted.
 */
export function sniffImageType(bytes: Buffer): UploadImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}
