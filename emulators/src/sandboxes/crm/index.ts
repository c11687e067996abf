import express from "express";
import type { SandboxDefinition } from "../kit.ts";
import { CRM_SANDBOX_CREDENTIALS } from "./credentials.ts";
import { oauthRouter, Sessions } from "./oauth.ts";
import { restRouter } from "./rest.ts";
import { CrmStore } from "./store.ts";

/**
 * The CRM (Salesforce) sandbox: OAuth2 token endpoint and the REST API subset jsforce uses,
 * over the seeded city. Besides the kit's /__control routes it has
 * POST /__sandbox/reset-data (back to the seeded city) and POST /__sandbox/expire-sessions
 * (every access token becomes invalid, as when Salesforce ends a session).
 */
export const crmSandbox: SandboxDefinition = {
  name: "crm",
  createApp: (context) => {
    const store = new CrmStore();
    const sessions = new Sessions();
    const app = express();
    app.disable("x-powered-by");
    app.post("/__sandbox/reset-data", (_req, res) => {
      store.reset();
      res.json({ ok: true });
    });
    app.post("/__sandbox/expire-sessions", (_req, res) => {
      sessions.expireAll();
      res.json({ ok: true });
    });
    app.use(oauthRouter(context, sessions));
    app.use(restRouter(store, sessions));
    return app;
  },
  env: (baseUrl) => ({
    CRM_LOGIN_URL: baseUrl,
    CRM_USERNAME: CRM_SANDBOX_CREDENTIALS.username,
    CRM_PASSWORD: CRM_SANDBOX_CREDENTIALS.password,
    CRM_CLIENT_ID: CRM_SANDBOX_CREDENTIALS.clientId,
    CRM_CLIENT_SECRET: CRM_SANDBOX_CREDENTIALS.clientSecret,
  }),
  // Salesforce's own answer when an instance is unavailable.
  fail: (_req, res) => {
    res
      .status(503)
      .json([{ message: "Server is unavailable, please try again later", errorCode: "SERVER_UNAVAILABLE" }]);
  },
};
