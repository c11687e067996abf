import express from "express";
import type { SandboxDefinition } from "../kit.ts";
import { sendStorageError } from "./errors.ts";
import { objectRoutes } from "./object-routes.ts";
import { createObjectStore } from "./object-store.ts";
import { uploadRoutes } from "./upload-routes.ts";

/** The default bucket of the local project (the demo project's Firebase default bucket). */
export const SANDBOX_BUCKET = "demo-city-portal.appspot.com";

/**
 * A Cloud-Storage-compatible object store for @google-cloud/storage (the official Storage
 * emulator needs Java): the JSON API's uploads, downloads, metadata, list and delete.
 */
export const storageSandbox: SandboxDefinition = {
  name: "storage",
  createApp: ({ baseUrl }) => {
    const store = createObjectStore(baseUrl);
    const app = express();
    app.use("/upload/storage/v1", uploadRoutes(store, baseUrl));
    const objects = objectRoutes(store);
    app.use("/download/storage/v1", objects);
    app.use("/storage/v1", objects);
    app.use(objects);
    return app;
  },
  env: (baseUrl) => ({
    STORAGE_EMULATOR_HOST: baseUrl,
    // firebase-admin's getStorage() reads this one (host:port) and sets STORAGE_EMULATOR_HOST itself.
    FIREBASE_STORAGE_EMULATOR_HOST: new URL(baseUrl).host,
    STORAGE_BUCKET: SANDBOX_BUCKET,
  }),
  fail: (_req, res) => sendStorageError(res, 503, "backendError", "Backend Error"),
};
