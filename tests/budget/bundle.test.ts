import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const dist = join(import.meta.dirname, "..", "..", "web", "dist");
// Issue 12: / stays at 185 KB gzipped while the portal grows (today about 157 KB).
const BUDGET_BYTES = 185 * 1024;

/** The JS a first visit to `/` loads: index.html's module scripts and modulepreloads, plus their static imports. */
function scriptsFor(): string[] {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entries = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const seen = new Set<string>();
  const visit = (file: string) => {
    const clean = file.replace(/^\//, "");
    if (seen.has(clean)) return;
    seen.add(clean);
    const code = readFileSync(join(dist, clean), "utf8");
    // Static imports only (`import ... from "./x.js"` / `import "./x.js"`); dynamic import() is lazy.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      const target = m[1] as string;
      visit(target.startsWith(".") ? join(clean, "..", target) : target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

describe("bundle budget", () => {
  it("the JavaScript loaded for / is at most 185 KB gzipped", () => {
    const files = scriptsFor().filter((file) => file !== "runtime-config.js");
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file))).length }));
    const total = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
    console.log(
      `JS for /: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`,
      sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(", "),
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
