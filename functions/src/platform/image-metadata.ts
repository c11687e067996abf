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
