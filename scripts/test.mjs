// npm test: lint, type checks, unit tests, adapter contract tests, the bundle budget and the deploy check, then API and
// browser tests against a whole local stack that the test kit starts and stops itself.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { build, installIfNeeded, root, run } from "./prepare.mjs";

installIfNeeded();
if (!process.argv.includes("--no-build")) build();

const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const biome = join(root, "node_modules", "@biomejs", "biome", "bin", "biome");
const depcruise = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const suites = [
  // The web unit tests wait on rendering with findBy's 1 s: they run first and alone, on a quiet machine,
  // in two workers, one per core (vitest's default is cores - 1: one worker here, 154 s of the
  // rehearsal CI of 234622d for 137 s of summed file time).
  ["unit: web", [vitest, "run", "--passWithNoTests", "--maxWorkers=2"], join(root, "web")],
];

/**
 * Suites that run beside the two stacks, one after another in a third lane: the stacks leave a core
 * idle 40% of the time (the fresh-clone CI of ea08030: 40m32s of wall time for 35m06s user +
 * 10m18s system on 2 cores, most of it in the stacks' 33 minutes), waiting on the network and timers.
 * Lint and the type checks ran before the stacks until session 18 (about 130 s of wall time at load 9:
 * biome 8 s, dependency-cruiser 16 s, tsc emulators 19 s, tsc tests 90 s); beside them they cost none.
 */
const besideStacks = [
  ["lint and format (Biome)", [biome, "check", "."], root],
  [
    "layer boundaries (dependency-cruiser)",
    [depcruise, "functions/src", "web/src", "emulators/src", "--config", ".dependency-cruiser.cjs"],
    root,
  ],
  ["type check (emulators)", [tsc, "-p", "emulators/tsconfig.json"], root],
  ["type check (tests)", [tsc, "-p", "tests/tsconfig.json"], root],
  ["unit: functions", [vitest, "run", "--passWithNoTests"], join(root, "functions")],
  ["unit: emulators", [vitest, "run", "--passWithNoTests"], join(root, "emulators")],
  ["contract + bundle budget + test kit", [vitest, "run", "-c", "vitest.contract.config.ts"], join(root, "tests")],
  // Issue 25: firebase-tools' runtime guard and discovery on the functions packed as deploy packs them.
  ["deploy check", [vitest, "run", "-c", "vitest.deploy.config.ts"], join(root, "tests")],
];

/**
 * The API and browser files in two shards, each against its own whole stack (own ports, own
 * emulators, own state), run at once. One stack used 0.76 of the 2 cores: the fresh-clone CI of
 * 2026-11-28 took 44m53s of wall time for 26m08s user + 8m14s system (`time bash .ci/run`), the
 * journeys waiting on the network and Chromium. Within a shard files still run one after another.
 * The offsets (20000 and 23000 unless PORTAL_TEST_PORT_OFFSET moves them) differ by 3,000, so no port
 * of one stack is a port of the other (emulators/src/ports.ts).
 */
const baseOffset = Number(process.env.PORTAL_TEST_PORT_OFFSET ?? 20000);
const STACK_SHARDS = [baseOffset, baseOffset + 3000];
const stackSuite = {
  name: "API + browser (whole stack)",
  lanes: STACK_SHARDS.map((offset, index) => ({
    label: `stack ${index + 1}/${STACK_SHARDS.length}`,
    // Each shard also writes a JSON report: `node scripts/stack-durations.mjs` turns them into the times
    // the stack config's sequencer splits the files by.
    args: [
      vitest,
      "run",
      "-c",
      "vitest.stack.config.ts",
      `--shard=${index + 1}/${STACK_SHARDS.length}`,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join(root, ".portal", `stack-results-${index + 1}.json`)}`,
    ],
    env: { PORTAL_TEST_PORT_OFFSET: String(offset) },
  })),
};

/** Runs one process to its end; with a label, each line it prints is prefixed so lanes run side by side stay readable. */
function runLane(args, cwd, { label, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: "1", ...env },
    });
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = "";
        stream.on("data", (chunk) => {
          const lines = (pending + chunk.toString()).split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) console.log(`[${label}] ${line}`);
        });
        stream.on("end", () => pending && console.log(`[${label}] ${pending}`));
      }
    }
    child.on("close", (code) => resolve(code === 0));
  });
}

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const results = [];
for (const [name, args, cwd] of suites) {
  if (only && !name.includes(only)) continue;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const ok = await runLane(args, cwd);
  results.push({ name, ok, seconds: (Date.now() - started) / 1000 });
}
/** The suites beside the stacks, one after another, each line prefixed with its name. */
async function runBesideStacks() {
  const outcomes = [];
  for (const [name, args, cwd] of besideStacks) {
    if (only && !name.includes(only)) continue;
    const started = Date.now();
    const ok = await runLane(args, cwd, { label: name });
    outcomes.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  }
  return outcomes;
}

// The functions' Node 22 (emulators/function-node) is installed on first use by whichever process
// needs it: installed here once, before the two stacks and the deploy check beside them would each
// install it into the same folder at once (a fresh clone's rehearsal CI: one stack read a half-written
// binary, "is Node (none)").
run(join(root, "node_modules", ".bin", "tsx"), [
  "--eval",
  'import("./emulators/src/launcher/function-node.ts").then((node) => console.log("Functions run on Node", node.functionNodeVersion()))',
]);

const withStacks = !only || stackSuite.name.includes(only);
console.log(
  `\n━━ ${withStacks ? `${stackSuite.name}: ${stackSuite.lanes.length} shards at once, beside them ` : ""}${besideStacks.map(([name]) => name).join(", ")} ━━`,
);
const started = Date.now();
const [beside, lanes] = await Promise.all([
  runBesideStacks(),
  withStacks
    ? Promise.all(
        stackSuite.lanes.map(async ({ label, args, env }) => {
          const laneStarted = Date.now();
          const ok = await runLane(args, join(root, "tests"), { label, env });
          return { name: `${stackSuite.name}, ${label}`, ok, seconds: (Date.now() - laneStarted) / 1000 };
        }),
      )
    : [],
]);
results.push(...beside);
if (withStacks) {
  results.push(...lanes, {
    name: stackSuite.name,
    ok: lanes.every((lane) => lane.ok),
    seconds: (Date.now() - started) / 1000,
  });
}

console.log("\nSummary:");
for (const { name, ok, seconds } of results) console.log(`  ${ok ? "✔" : "✖"} ${name} (${seconds.toFixed(0)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
