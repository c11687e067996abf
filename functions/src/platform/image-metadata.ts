import type { Duplex } from "node:stream";

/**
 * A stream that re-encodes an image in its own format without its metadata: EXIF (with GPS
 * location, camera serial numbers), XMP and IPTC are dropped, which sharp (libvips) does unless
 * asked to keep them. The EXIF orientation is applied to the pixels first, so photos stay upright.
 * sharp is loaded on first use: its native library is not needed to start the function.
 */
export async function metadataStripper(): Promise<Duplex> {
  const { default: sharp } = await import("sharp");
  // Animated GIF and WebP keep every frame; a broken image fails the stream instead of passing.
  return sharp({ animated: true, failOn: "error" }).autoOrient();
}

/**
 * An image re-encoded without its metadata (as metadataStripper, for bytes already in memory): the
 * file-box upload (issue 33, T21) strips a phone photo's GPS position before the file box keeps it.
 */
export async function withoutImageMetadata(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(bytes, { animated: true, failOn: "error" }).autoOrient().toBuffer();
}
