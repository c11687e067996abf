// Sums the gzip size of the JavaScript the browser loads for `/`: the scripts index.html
// references plus everything they import statically (dynamic imports are left out).
// Usage: node scripts/first-page-size.mjs [--max-kb=200]   (after `vite build`)
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const entries = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
  (match) => match[1],
);

const seen = new Set();
const queue = entries.map((src) => join(dist, src));
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    queue.push(resolve(dirname(file), match[1]));
  }
}

let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(file)).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file.slice(dist.length + 1)}`);
}
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  gzip total for /`);
const maxArg = process.argv.find((arg) => arg.startsWith("--max-kb="));
if (maxArg && totalKb > Number(maxArg.split("=")[1])) {
  console.error(`First-page JavaScript is over budget (${maxArg.split("=")[1]} KB).`);
  process.exit(1);
}
