import { defineConfig } from "vitest/config";

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
    // One retry: on a loaded 2-core machine a browser journey can lose a race with a cold function.
    // A test that fails twice is a failure; a pass on retry is reported by Vitest as flaky.
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
