import { defineConfig } from "vitest/config";

/** Adapter-against-sandbox contract tests: each test file starts the sandboxes it needs in-process. */
export default defineConfig({
  test: {
    include: ["contract/**/*.test.ts", "budget/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
