import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { runInNewContext } from "node:vm";
import type { Ports } from "../ports.ts";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");
export const PROJECT_ID = "demo-city-portal";

/** Per-stack working files live in .portal/stack-<hosting port>/ so a test stack can run beside `npm start`. */
export function stackDir(ports: Ports): string {
  return join(repoRoot, ".portal", `stack-${ports.hosting}`);
}

/** The runtime-config entries that point at this stack's sandboxes. */
export interface SandboxRuntimeConfig {
  /** The chat-assistant script from the chat sandbox, when one runs. */
  chatAssistantUrl?: string | null;
  /** The boxes sandbox's file-box API, for the mobile box view. */
  fileBox?: { apiUrl: string; uploadUrl: string } | null;
}

/**
 * The SPA as Hosting serves it for this stack: the built web/dist plus this stack's runtime-config.js
 * (the Auth emulator and the sandboxes the browser talks to).
 */
export function preparePublicDir(
  ports: Ports,
  host: string,
  { chatAssistantUrl = null, fileBox = null }: SandboxRuntimeConfig = {},
): string {
  const dist = join(repoRoot, "web", "dist");
  if (!existsSync(join(dist, "index.html"))) throw new Error("web/dist is missing: run `npm run build` first.");
  const publicDir = join(stackDir(ports), "public");
  rmSync(publicDir, { recursive: true, force: true });
  cpSync(dist, publicDir, { recursive: true });
  const config = {
    firebase: { apiKey: "demo-api-key", authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID },
    authEmulatorUrl: `http://${host}:${ports.auth}`,
    chatAssistantUrl,
    ...(fileBox ? { fileBox } : {}),
  };
  const current = readRuntimeConfig(join(dist, "runtime-config.js"));
  writeFileSync(
    join(publicDir, "runtime-config.js"),
    `window.__PORTAL_CONFIG__ = ${JSON.stringify({ ...current, ...config }, null, 2)};\n`,
  );
  return publicDir;
}

/** Keeps the defaults the web build ships (external links...) and overrides the per-stack parts. */
function readRuntimeConfig(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  // The file is a script assigning window.__PORTAL_CONFIG__; run it in an empty context to read it.
  const sandbox = { window: {} as { __PORTAL_CONFIG__?: Record<string, unknown> } };
  runInNewContext(readFileSync(file, "utf8"), sandbox, { timeout: 1000 });
  return sandbox.window.__PORTAL_CONFIG__ ?? {};
}

/**
 * A firebase.json for this stack: the committed one (rewrites, headers) with this stack's ports and
 * public dir. Firestore and Storage are not listed: the launcher runs those itself (firestore-emulator.ts,
 * the storage sandbox).
 */
export function writeFirebaseConfig(
  ports: Ports,
  host: string,
  publicDir: string,
  localOrigins: string[],
  localScriptOrigin: string | null = null,
): string {
  const base = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8"));
  for (const rule of base.hosting.headers as { headers: { key: string; value: string }[] }[]) {
    for (const header of rule.headers) {
      if (header.key === "Content-Security-Policy") {
        header.value = withLocalOrigins(header.value, localOrigins, localScriptOrigin);
      }
    }
  }
  // Relative: with an absolute path the Hosting emulator answers 404 for every file.
  base.hosting.public = relative(repoRoot, publicDir);
  // The front door sends function rewrites to the function hosts; left here, a rewrite the front
  // did not match would make the Hosting emulator call the live cloudfunctions.net URL.
  base.hosting.rewrites = (base.hosting.rewrites as { function?: unknown }[]).filter((rewrite) => !rewrite.function);
  base.emulators = {
    auth: { host, port: ports.auth },
    hosting: { host, port: ports.hostingFiles },
    hub: { host, port: ports.hub },
    logging: { host, port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  mkdirSync(stackDir(ports), { recursive: true });
  // firebase-tools treats the config file's folder as the project root, so it sits at the repo root.
  const file = join(repoRoot, `.firebase-stack-${ports.hosting}.json`);
  writeFileSync(file, JSON.stringify(base, null, 2));
  return file;
}

/**
 * The production CSP plus this machine's emulator and sandbox origins (the browser talks to them
 * directly). Scripts stay stricter: only a policy that already lets the third-party chat assistant's
 * origin in (script-src with an https: source) gets the local chat sandbox's origin, so pages whose
 * policy is 'self' only (payment frames, mobile views) stay that way locally too.
 */
export function withLocalOrigins(policy: string, origins: string[], localScriptOrigin: string | null = null): string {
  const widened = new Set(["connect-src", "frame-src", "img-src", "form-action"]);
  return policy
    .split(";")
    .map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      if (widened.has(name)) return `${directive.trim()} ${origins.join(" ")}`;
      if (name === "script-src" && localScriptOrigin && sources.some((source) => source.startsWith("https:"))) {
        return `${directive.trim()} ${localScriptOrigin}`;
      }
      return directive.trim();
    })
    .join("; ");
}
