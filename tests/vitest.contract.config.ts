import { defineConfig } from "vitest/config";

/**
 * Adapter-against-sandbox contract tests (each test file starts the sandboxes it needs in-process), the bundle
 * budget, and the unit tests of the test kit itself.
 */
export default defineConfig({
  test: {
    include: ["contract/**/*.test.ts", "budget/**/*.test.ts", "kit/**/*.test.ts"],
    // One Cloud Firestore emulator for the run, started when a test file first asks for it.
    globalSetup: ["../emulators/src/launcher/firestore-test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
