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
  // `npm run dev`: the launcher starts the stack and sets PORTAL_DEV_API to its Hosting URL.
  server: process.env.PORTAL_DEV_API
    ? { host: "127.0.0.1", port: 5173, strictPort: true, proxy: { "/api": process.env.PORTAL_DEV_API } }
    : undefined,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
  },
});
