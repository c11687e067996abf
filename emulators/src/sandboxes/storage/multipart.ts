import { open, stat } from "node:fs/promises";

const HEAD_BYTES = 64 * 1024;

export interface MultipartRelated {
  metadata: Record<string, unknown>;
  /** Content type the media part declares. */
  mediaType: string;
  /** Byte range of the media part inside the file (end inclusive; end < start when empty). */
  media: { start: number; end: number };
}

/**
 * Reads a multipart/related upload body already streamed to a file: a JSON metadata part then a
 * media part (the shape teeny-request builds for uploadType=multipart). Only the head and the
 * tail of the file are read; the media bytes stay on disk.
 */
export async function readMultipartRelated(path: string, boundary: string): Promise<MultipartRelated> {
  const { size } = await stat(path);
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    const delimiter = Buffer.from(`--${boundary}`);
    const firstHeadersEnd = head.indexOf("\r\n\r\n", head.indexOf(delimiter));
    const secondDelimiter = head.indexOf(delimiter, firstHeadersEnd);
    if (firstHeadersEnd < 0 || secondDelimiter < 0) throw new Error("metadata part not found");
    const metadataText = head
      .subarray(firstHeadersEnd + 4, secondDelimiter)
      .toString("utf8")
      .trim();
    const mediaHeadersEnd = head.indexOf("\r\n\r\n", secondDelimiter);
    if (mediaHeadersEnd < 0) throw new Error("media part headers not found");
    const mediaHeaders = head.subarray(secondDelimiter, mediaHeadersEnd).toString("latin1");
    const mediaType = /content-type:\s*([^\r\n]+)/i.exec(mediaHeaders)?.[1]?.trim() ?? "application/octet-stream";

    const closing = Buffer.from(`\r\n--${boundary}--`);
    const tailLength = Math.min(size, closing.length + 8);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const closingAt = tail.lastIndexOf(closing);
    if (closingAt < 0) throw new Error("closing delimiter not found");
    return {
      metadata: metadataText ? (JSON.parse(metadataText) as Record<string, unknown>) : {},
      mediaType,
      media: { start: mediaHeadersEnd + 4, end: size - tailLength + closingAt - 1 },
    };
  } finally {
    await file.close();
  }
}
