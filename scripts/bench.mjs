// npm run bench: install what is missing, build, then measure pages, API routes and journeys on a
// stack of its own (tests/bench). Prints one table and writes bench/results.json.
// `npm run bench -- --only=api` measures one part (journeys, api, pages, cold-starts, delinquency, admin-search, bulk-send, emails, open311);
// `--only=pages --pages=/dashboard,/login` audits some pages.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { build, installIfNeeded, root } from "./prepare.mjs";

installIfNeeded();
if (!process.argv.includes("--no-build")) build();

const bench = spawn(
  process.execPath,
  [
    join(root, "node_modules", "tsx", "dist", "cli.mjs"),
    join(root, "tests", "bench", "main.ts"),
    ...process.argv.slice(2).filter((arg) => arg.startsWith("--only=") || arg.startsWith("--pages=")),
  ],
  {
    cwd: join(root, "tests"),
    stdio: "inherit",
    // Its own ports, so it runs beside `npm start` and a test run.
    env: { ...process.env, PORTAL_TEST_PORT_OFFSET: process.env.PORTAL_BENCH_PORT_OFFSET ?? "14000" },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => bench.kill(signal));
bench.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
