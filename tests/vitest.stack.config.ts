import { defineConfig } from "vitest/config";
import DurationSequencer from "./kit/duration-sequencer.ts";

/**
 * API and browser tests against the whole local stack, which kit/global-setup.ts starts once
 * (on ports moved by PORTAL_PORT_OFFSET so it can run beside `npm start`) and stops at the end.
 */
export default defineConfig({
  test: {
    include: ["api/**/*.test.ts", "browser/**/*.test.ts"],
    globalSetup: ["kit/global-setup.ts"],
    setupFiles: ["kit/stack-setup.ts"],
    fileParallelism: false,
    // The files of a shard share one process: each file in its own process spent 11 s importing and
    // setting up the kit (firebase-admin, playwright-core, the seed) before its first test. 25 API
    // files, the same stack and load (~15): 644 s (setup 97 s, import 188 s, tests 196 s) isolated,
    // 318 s (setup 3 s, import 26 s, tests 181 s) shared. No stack file mocks a module, stubs a global
    // or listens on a port; setupFiles still run before each file, and sign-ins are per file (kit/principals.ts).
    isolate: false,
    // `--shard` splits by recorded time (stack-durations.json), so the two stacks of `npm test` end together.
    sequence: { sequencer: DurationSequencer },
    // No retries: each function is one warm functions-framework process serving requests
    // concurrently (as in production), so a journey no longer races a cold worker. A flaky test is
    // a defect to fix where the race lives.
    retry: 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
