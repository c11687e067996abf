import { defineConfig } from "vitest/config";

/**
 * The deploy check (tests/deploy): firebase-tools' own runtime guard and discovery on the functions
 * packed as `firebase deploy` packs them, and the upload installed on its own. Offline but for the
 * npm registry; the install is cached per packed package.json (tests/deploy/packed-functions.ts).
 */
export default defineConfig({
  test: {
    include: ["deploy/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
