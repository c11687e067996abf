import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { localeTexts } from "./locale-texts.ts";
import { aliases } from "./vite.config.ts";

export default defineConfig({
  plugins: [react(), localeTexts()],
  resolve: { alias: aliases },
  test: {
    environment: "jsdom",
    include: ["src/**/__tests__/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/testing/setup-tests.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
