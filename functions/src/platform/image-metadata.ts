import type { Duplex } from "node:stream";

/**
 * The most pixels a picture may have before it is decoded (sharp refuses it from the header):
 * 100 megapixels admits every phone photo up to 108 MP. Measured on Node 22 (README "Resources"):
 * a 48-MP JPEG decoded whole takes about 470 MB, and a 100 MB PNG can declare far more pixels.
 */
export const PICTURE_MAX_PIXELS = 100_000_000;

/** How many pictures one instance re-encodes at once; the others wait their turn (see withPictureSlot). */
export const PICTURES_AT_ONCE = 2;

export interface StripperOptions {
  /**
   * Fit the picture within this many pixels a side (never enlarged). A JPEG or WebP is then decoded
   * already shrunk (libvips' shrink-on-load), which bounds the memory a large photo takes.
   */
  fitWithin?: number;
}

/**
 * A stream that re-encodes an image in its own format without its metadata: EXIF (with GPS
 * location, camera serial numbers), XMP and IPTC are dropped, which sharp (libvips) does unless
 * asked to keep them. The EXIF orientation is applied to the pixels first, so photos stay upright.
 * sharp is loaded on first use: its native library is not needed to start the function.
 */
export async function metadataStripper({ fitWithin }: StripperOptions = {}): Promise<Duplex> {
  const { default: sharp } = await import("sharp");
  // Animated GIF and WebP keep every frame; a broken image fails the stream instead of passing.
  const stripper = sharp({ animated: true, failOn: "error", limitInputPixels: PICTURE_MAX_PIXELS }).autoOrient();
  return fitWithin ? stripper.resize(fitWithin, fitWithin, { fit: "inside", withoutEnlargement: true }) : stripper;
}

/** Whether a stripper failed because the picture declares more than PICTURE_MAX_PIXELS. */
export const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

let picturesRunning = 0;
const picturesWaiting: (() => void)[] = [];

/**
 * Runs `work` when fewer than PICTURES_AT_ONCE pictures are being re-encoded in this instance. An
 * API instance serves 80 requests at once (function-options.ts); without a bound, eight 12-MP photos
 * at once took 629 MB and four 48-MP photos 1,435 MB, over the users function's 1 GiB.
 */
export async function withPictureSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing picture hands its slot straight to the next waiting one, so a new arrival cannot
  // slip in between and make it PICTURES_AT_ONCE + 1.
  if (picturesRunning >= PICTURES_AT_ONCE) await new Promise<void>((resolve) => picturesWaiting.push(resolve));
  else picturesRunning++;
  try {
    return await work();
  } finally {
    const next = picturesWaiting.shift();
    if (next) next();
    else picturesRunning--;
  }
}

/**
 * An image re-encoded without its metadata (as metadataStripper, for bytes already in memory): the
 * file-box upload (issue 33, T21) strips a phone photo's GPS position before the file box keeps it.
 */
export async function withoutImageMetadata(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  // Bounded as the other pictures: none over PICTURE_MAX_PIXELS, PICTURES_AT_ONCE per instance.
  return withPictureSlot(() =>
    sharp(bytes, { animated: true, failOn: "error", limitInputPixels: PICTURE_MAX_PIXELS }).autoOrient().toBuffer(),
  );
}
