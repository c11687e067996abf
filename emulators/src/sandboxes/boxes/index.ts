import express from "express";
import { RECORDS_FOLDER_ID, UTILITY_FOLDER_ID } from "../../seed/boxes.ts";
import type { SandboxDefinition } from "../kit.ts";
import { apiRoutes, uploadRoutes } from "./api-routes.ts";
import { createBoxStore } from "./store.ts";
import { BOX_SANDBOX_CLIENT, type BoxToken, boxError, requireToken, tokenRoutes } from "./tokens.ts";

/**
 * Box-like file boxes: a folder per CRM record and per utility account, the client-credentials
 * and downscoping token grants, and the folder/file API a browser widget uses with a scoped
 * token (hence CORS). API under /2.0, uploads under /api/2.0 (upload.box.com's layout).
 */
export const boxesSandbox: SandboxDefinition = {
  name: "boxes",
  createApp: ({ baseUrl }) => {
    const store = createBoxStore();
    const tokens = new Map<string, BoxToken>();
    const app = express();
    app.use((req, res, next) => {
      res.set({
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
      });
      if (req.method === "OPTIONS") res.status(204).end();
      else next();
    });
    app.use(tokenRoutes(tokens));
    app.use("/2.0", requireToken(tokens), apiRoutes(store, baseUrl));
    app.use("/api/2.0", requireToken(tokens), uploadRoutes(store));
    return app;
  },
  env: (baseUrl) => ({
    BOX_API_URL: `${baseUrl}/2.0`,
    BOX_UPLOAD_URL: `${baseUrl}/api/2.0`,
    BOX_TOKEN_URL: `${baseUrl}/oauth2/token`,
    BOX_CLIENT_ID: BOX_SANDBOX_CLIENT.id,
    BOX_CLIENT_SECRET: BOX_SANDBOX_CLIENT.secret,
    BOX_ENTERPRISE_ID: BOX_SANDBOX_CLIENT.enterpriseId,
    BOX_RECORDS_FOLDER_ID: RECORDS_FOLDER_ID,
    BOX_UTILITY_FOLDER_ID: UTILITY_FOLDER_ID,
  }),
  fail: (_req, res) => boxError(res, 503, "unavailable", "Unavailable"),
};
