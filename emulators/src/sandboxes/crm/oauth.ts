import { randomBytes } from "node:crypto";
import express, { type Router } from "express";
import type { SandboxContext } from "../kit.ts";
import { CRM_SANDBOX_CREDENTIALS, INTEGRATION_USER_ID, ORG_ID } from "./credentials.ts";

/** Access tokens issued since start; expire() drops them all so adapters must log in again. */
export class Sessions {
  private tokens = new Set<string>();

  issue(): string {
    const token = `${ORG_ID.slice(0, 15)}!${randomBytes(24).toString("base64url")}`;
    this.tokens.add(token);
    return token;
  }

  isValid(token: string | undefined): boolean {
    return token !== undefined && this.tokens.has(token);
  }

  expireAll(): void {
    this.tokens.clear();
  }
}

/** POST /services/oauth2/token: the username-password and client-credentials grants. */
export function oauthRouter(context: SandboxContext, sessions: Sessions): Router {
  const router = express.Router();
  router.post("/services/oauth2/token", express.urlencoded({ extended: false }), (req, res) => {
    const params = (req.body ?? {}) as Record<string, string | undefined>;
    const expected = CRM_SANDBOX_CREDENTIALS;
    if (params.grant_type !== "password" && params.grant_type !== "client_credentials") {
      res.status(400).json({ error: "unsupported_grant_type", error_description: "grant type not supported" });
      return;
    }
    if (params.client_id !== expected.clientId || params.client_secret !== expected.clientSecret) {
      res.status(400).json({ error: "invalid_client", error_description: "invalid client credentials" });
      return;
    }
    if (
      params.grant_type === "password" &&
      (params.username !== expected.username || params.password !== expected.password)
    ) {
      res.status(400).json({ error: "invalid_grant", error_description: "authentication failure" });
      return;
    }
    const instanceUrl = context.baseUrl();
    res.json({
      access_token: sessions.issue(),
      instance_url: instanceUrl,
      id: `${instanceUrl}/id/${ORG_ID}/${INTEGRATION_USER_ID}`,
      token_type: "Bearer",
      issued_at: String(Date.now()),
      signature: randomBytes(32).toString("base64"),
    });
  });
  return router;
}
