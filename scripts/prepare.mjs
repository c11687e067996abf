// Installs what is missing and builds functions and web. Plain Node: it runs before any install.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Installs from package-lock.json on a fresh clone, and again when the lock changed since.
 * `npm install` rather than `npm ci`: this registry lacks some platform-only optional packages
 * (Biome's Windows and macOS binaries) and `npm ci` refuses a lock without them.
 */
export function installIfNeeded() {
  const marker = join(root, "node_modules", ".package-lock.json");
  if (!existsSync(marker)) {
    console.log("Installing dependencies…");
    run("npm", ["install", "--no-audit", "--no-fund"]);
  } else if (statSync(join(root, "package-lock.json")).mtimeMs > statSync(marker).mtimeMs) {
    console.log("package-lock.json changed: installing…");
    run("npm", ["install", "--no-audit", "--no-fund"]);
  }
}

export function build({ functions = true, web = true } = {}) {
  console.log(`Building ${[functions && "functions", web && "web"].filter(Boolean).join(" and ")}…`);
  if (functions) run("npm", ["run", "build", "--silent", "-w", "functions"]);
  if (web) run("npm", ["run", "build", "--silent", "-w", "web"]);
}
