import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lazyPagesWithFixedPaths } from "../../web/page-html.ts";

const dist = join(import.meta.dirname, "..", "..", "web", "dist");

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  ManifestEntry
>;

/** The files a page's chunk needs at once: its own and its static imports, transitively, less the entry. */
function chunkFiles(module: string): string[] {
  const key = ["tsx", "ts", "jsx", "js"].map((ext) => `${module}.${ext}`).find((candidate) => candidate in manifest);
  if (!key) throw new Error(`no manifest entry for ${module}`);
  const files = new Set<string>();
  const visit = (name: string) => {
    const entry = manifest[name];
    if (!entry || entry.isEntry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}

/** The script and link tags of an HTML file, as written. */
const tags = (html: string) => html.match(/<(?:script|link)\b[^>]*>/g) ?? [];

describe("per-page HTML files (Hosting's cleanUrls serves /login from login.html)", () => {
  const index = readFileSync(join(dist, "index.html"), "utf8");
  const pages = lazyPagesWithFixedPaths();

  it("every lazy page with a fixed path has its HTML, which preloads the page's chunk and its imports", () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(["/login", "/dashboard", "/activity/start"]));
    const problems: string[] = [];
    for (const page of pages) {
      const file = join(dist, page.htmlFile);
      if (!existsSync(file)) {
        problems.push(`${page.path}: no ${page.htmlFile}`);
        continue;
      }
      const html = readFileSync(file, "utf8");
      const files = chunkFiles(page.module);
      if (files.length === 0) problems.push(`${page.path}: ${page.module} has no chunk of its own`);
      for (const chunk of files) {
        if (
          !html.includes(`<link rel="modulepreload" crossorigin href="/${chunk}">`) &&
          !index.includes(`/${chunk}"`)
        ) {
          problems.push(`${page.path}: ${chunk} not preloaded`);
        }
      }
      // The rest is index.html's: the entry, its preloads, the inlined stylesheet, the title.
      for (const tag of tags(index)) if (!html.includes(tag)) problems.push(`${page.path}: lacks ${tag}`);
      if (!html.includes(index.slice(index.indexOf("<body")))) problems.push(`${page.path}: body differs`);
    }
    expect(problems).toEqual([]);
  });

  it("writes nested paths into folders and nothing for pages with a parameter or home", () => {
    expect(existsSync(join(dist, "activity", "start.html"))).toBe(true);
    expect(pages.some((page) => page.path.includes(":") || page.path === "/")).toBe(false);
    expect(pages.find((page) => page.name === "dashboardRecord")).toBeUndefined();
    expect(pages.find((page) => page.name === "login")?.htmlFile).toBe("login.html");
  });
});
