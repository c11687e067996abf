// npm test: lint, type checks, unit tests, adapter contract tests, the bundle budget and the deploy check, then API and
// browser tests against a whole local stack that the test kit starts and stops itself.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { build, installIfNeeded, root } from "./prepare.mjs";

installIfNeeded();
if (!process.argv.includes("--no-build")) build();

const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const biome = join(root, "node_modules", "@biomejs", "biome", "bin", "biome");
const depcruise = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const suites = [
  ["lint and format (Biome)", [biome, "check", "."], root],
  [
    "layer boundaries (dependency-cruiser)",
    [depcruise, "functions/src", "web/src", "emulators/src", "--config", ".dependency-cruiser.cjs"],
    root,
  ],
  ["type check (emulators, tests)", [tsc, "-p", "emulators/tsconfig.json"], root],
  ["type check (tests)", [tsc, "-p", "tests/tsconfig.json"], root],
  ["unit: functions", [vitest, "run", "--passWithNoTests"], join(root, "functions")],
  ["unit: web", [vitest, "run", "--passWithNoTests"], join(root, "web")],
  ["unit: emulators", [vitest, "run", "--passWithNoTests"], join(root, "emulators")],
  ["contract + bundle budget", [vitest, "run", "-c", "vitest.contract.config.ts"], join(root, "tests")],
  // Issue 25: firebase-tools' runtime guard and discovery on the functions packed as deploy packs them.
  ["deploy check", [vitest, "run", "-c", "vitest.deploy.config.ts"], join(root, "tests")],
  ["API + browser (whole stack)", [vitest, "run", "-c", "vitest.stack.config.ts"], join(root, "tests")],
];

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const results = [];
for (const [name, args, cwd] of suites) {
  if (only && !name.includes(only)) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: "1" },
  });
  results.push({ name, ok: result.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log("\nSummary:");
for (const { name, ok, seconds } of results) console.log(`  ${ok ? "✔" : "✖"} ${name} (${seconds.toFixed(0)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
