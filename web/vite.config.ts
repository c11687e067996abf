import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { pageHtmlFiles } from "./page-html.ts";

export const aliases = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  // Shared constants and schemas written once for the SPA and the API (DESIGN.md, API).
  "@contract": fileURLToPath(new URL("../functions/src/contract", import.meta.url)),
};

/**
 * Puts the entry's stylesheet into index.html as a <style> element: a <link> to it was the only
 * render-blocking request, one more round trip before the first paint on a phone's network
 * (Lighthouse: "Eliminate render-blocking resources"). The CSP allows inline styles; the file stays
 * in dist for anything that still asks for it.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: "portal:inline-entry-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== "asset") return link;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * Lazy chunks every page loads at start (the system alerts' dialog: a first visit's alert is often
 * the page's largest paint) get a <link rel="modulepreload"> in index.html: their download starts
 * beside the entry's instead of after the entry has run.
 */
function preloadEveryPageChunks(sources: RegExp[]): Plugin {
  return {
    name: "portal:preload-every-page-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk" || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunk.imports) add(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && sources.some((source) => source.test(chunk.facadeModuleId ?? ""))) {
            add(chunk.fileName);
          }
        }
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join("");
        return html.replace("</head>", `${links}</head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    inlineEntryStylesheet(),
    preloadEveryPageChunks([/[\\/]features[\\/]system-alerts[\\/]components[\\/]system-alerts-host\.tsx$/]),
    // dist/login.html, dist/activity/start.html...: index.html plus the page's own chunks preloaded.
    pageHtmlFiles(),
  ],
  resolve: { alias: aliases },
  // `npm run dev`: the launcher starts the stack and sets PORTAL_DEV_API to its Hosting URL.
  server: process.env.PORTAL_DEV_API
    ? { host: "127.0.0.1", port: 5173, strictPort: true, proxy: { "/api": process.env.PORTAL_DEV_API } }
    : undefined,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json (not deployed: Hosting ignores dot-files): tests/budget follows it
    // from the entry through the parts `/` loads at once.
    manifest: true,
    // Every browser the portal supports but Safari 16 has modulepreload (Safari 16 just loads
    // without the hint): the polyfill was code in the entry for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything index.html's entry imports statically goes into one chunk. Left to the
              // automatic splitting, the modules the entry shares with lazy pages became ~20 files
              // of 0.1-5 KB, each one more request and ~2.4 KB of response headers on a phone
              // (Lighthouse counts them in the JS transferred).
              name: "app",
              tags: ["$initial"],
            },
          ],
        },
      },
    },
  },
});
