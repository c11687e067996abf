import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export const aliases = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  // Shared constants and schemas written once for the SPA and the API (DESIGN.md, API).
  "@contract": fileURLToPath(new URL("../functions/src/contract", import.meta.url)),
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
  },
});
