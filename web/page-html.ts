import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { paths } from "./src/config/paths.ts";

const routeTableFile = fileURLToPath(new URL("./src/app/route-table.tsx", import.meta.url));

/** A page of the route table with a path of its own, whose component is a lazy chunk. */
export interface LazyPage {
  /** The row's key in the route table (and in config/paths.ts). */
  name: string;
  /** Its fixed path, e.g. `/activity/start`. */
  path: string;
  /** The module its row imports, relative to web/: `src/app/routes/<x>`, without extension. */
  module: string;
  /** The HTML file Hosting serves for the path with `cleanUrls`: `activity/start.html`. */
  htmlFile: string;
}

/**
 * Reads `src/app/route-table.tsx`'s page rows (`name: { access, load: () => import("./routes/<x>") }`)
 * and pairs each lazy one with its path in config/paths.ts. Pages with a `:param` in their path and
 * home (in the entry) get no HTML of their own. Any row this cannot read throws: a page whose row
 * changed shape must not silently lose its preloads.
 */
export function lazyPagesWithFixedPaths(source = readFileSync(routeTableFile, "utf8")): LazyPage[] {
  const block = /const PAGES = \{\n([\s\S]*?)\n\} satisfies/.exec(source)?.[1];
  if (!block) throw new Error("page-html: no `const PAGES = { ... } satisfies` block in route-table.tsx");
  const rows = [...block.matchAll(/^ {2}(\w+): \{([\s\S]*?)\},?$/gm)];
  const imports = block.match(/import\(/g)?.length ?? 0;
  const pages: LazyPage[] = [];
  let lazyRows = 0;
  for (const [, name = "", body = ""] of rows) {
    const load = /\bload: \(\) => import\("\.\/(routes\/[\w-]+)"\)/.exec(body)?.[1];
    if (!load && !/\b(Component|redirectTo):/.test(body)) {
      throw new Error(`page-html: route-table row "${name}" has no load/Component/redirectTo this plugin can read`);
    }
    const path = (paths as Record<string, { path: string } | undefined>)[name]?.path;
    if (!path) throw new Error(`page-html: route-table row "${name}" has no path in config/paths.ts`);
    if (!load) continue;
    lazyRows += 1;
    if (path === "/" || path.includes(":")) continue;
    pages.push({ name, path, module: `src/app/${load}`, htmlFile: `${path.slice(1)}.html` });
  }
  if (lazyRows !== imports) {
    throw new Error(`page-html: route-table.tsx has ${imports} import() calls but ${lazyRows} readable lazy rows`);
  }
  if (pages.length === 0) throw new Error("page-html: no lazy page with a fixed path found in route-table.tsx");
  return pages;
}

interface ChunkInfo {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}
type BundleEntry = ChunkInfo | { type: "asset"; fileName: string; source: string | Uint8Array };

/** The chunk holding `module` (`src/app/routes/<x>`, any of the usual extensions) and its static imports. */
export function chunksOf(bundle: Record<string, BundleEntry>, module: string): string[] {
  const chunks = Object.values(bundle).filter((entry): entry is ChunkInfo => entry.type === "chunk");
  const wanted = new RegExp(`[\\\\/]${module.replace(/\//g, "[\\\\/]")}(?:[\\\\/]index)?\\.[jt]sx?$`);
  const home = chunks.find((chunk) => chunk.moduleIds.some((id) => wanted.test(id)));
  if (!home) throw new Error(`page-html: no chunk of the build holds ${module}`);
  const files: string[] = [];
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk" || chunk.isEntry || files.includes(fileName)) return;
    files.push(fileName);
    for (const imported of chunk.imports) add(imported);
  };
  add(home.fileName);
  return files;
}

/** index.html with a modulepreload link for each of `files` it does not load already. */
export function withPreloads(html: string, files: string[]): string {
  const links = files
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("");
  return html.replace("</head>", `${links}</head>`);
}

/**
 * One HTML file per lazy page with a fixed path: `dist/login.html`, `dist/activity/start.html`...,
 * the final index.html plus <link rel="modulepreload"> for the page's chunk and its static imports.
 * Hosting's `cleanUrls` serves `/login` from `login.html` before the SPA fallback to index.html, so
 * a phone opening /login downloads the page's code beside the entry's, not after the entry has run
 * (one round trip less on a slow network). Paths with a parameter keep the SPA fallback.
 */
export function pageHtmlFiles(): Plugin {
  return {
    name: "portal:page-html-files",
    apply: "build",
    enforce: "post",
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) throw new Error("page-html: the build has no output dir");
      const indexAsset = bundle["index.html"];
      const html =
        indexAsset?.type === "asset" ? String(indexAsset.source) : readFileSync(join(outDir, "index.html"), "utf8");
      for (const page of lazyPagesWithFixedPaths()) {
        const file = join(outDir, page.htmlFile);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, withPreloads(html, chunksOf(bundle as Record<string, BundleEntry>, page.module)));
      }
    },
  };
}
