import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { splitTexts, TEXT_AREAS } from "./src/locales/areas.ts";

const PREFIX = "virtual:texts/";

/**
 * `import("virtual:texts/<language>/<part>")`: the part (`startup`, or an area of
 * `src/locales/areas.ts`) of `src/locales/<language>.json`, as a module whose default export is the texts. The texts stay one
 * file per language for the people who edit them; the build splits them so the entry carries only
 * what every page can show, and e.g. the admin texts load with the admin pages.
 */
export function localeTexts(): Plugin {
  return {
    name: "portal:locale-texts",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language = "", part = ""] = id.slice(PREFIX.length + 1).split("/");
      if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(language)) throw new Error(`locale-texts: bad language in ${id}`);
      if (part !== "startup" && !(part in TEXT_AREAS)) throw new Error(`locale-texts: no text area "${part}"`);
      const file = fileURLToPath(new URL(`./src/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const { startup, areas } = splitTexts(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
      const texts = part === "startup" ? startup : (areas[part as keyof typeof TEXT_AREAS] ?? {});
      // JSON.parse of a string literal parses faster than the same object as a JS literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
