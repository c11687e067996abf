import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

// CRC32C (Castagnoli), as Cloud Storage reports it: @google-cloud/storage checks downloads against it.
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32cUpdate(crc: number, chunk: Buffer): number {
  let c = crc ^ 0xffffffff;
  for (const byte of chunk) c = (CRC32C_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ObjectHashes {
  /** Base64 of the MD5 digest, as the JSON API's md5Hash. */
  md5Hash: string;
  /** Base64 of the big-endian CRC32C, as the JSON API's crc32c. */
  crc32c: string;
  size: number;
}

/** Hashes a byte range of a file by streaming it, so large objects never sit in memory. */
export async function hashFile(path: string, range?: { start: number; end: number }): Promise<ObjectHashes> {
  const md5 = createHash("md5");
  let crc = 0;
  let size = 0;
  if (!range || range.end >= range.start) {
    for await (const chunk of createReadStream(path, range) as AsyncIterable<Buffer>) {
      md5.update(chunk);
      crc = crc32cUpdate(crc, chunk);
      size += chunk.length;
    }
  }
  const crcBytes = Buffer.alloc(4);
  crcBytes.writeUInt32BE(crc);
  return { md5Hash: md5.digest("base64"), crc32c: crcBytes.toString("base64"), size };
}
