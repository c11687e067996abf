import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One Cloud Firestore emulator for the run, started when a test file first asks for it.
    globalSetup: ["../emulators/src/launcher/firestore-test-setup.ts"],
  },
});
