import { randomBytes } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";

/** Credentials of the local Box app (client-credentials grant); the real ones are secrets. */
export const BOX_SANDBOX_CLIENT = { id: "sandbox-box-client", secret: "sandbox-box-secret", enterpriseId: "4242" };

/** Box's downscoping scopes this sandbox enforces. */
export const BOX_SCOPES = [
  "base_explorer",
  "base_preview",
  "base_upload",
  "item_preview",
  "item_download",
  "item_upload",
  "item_rename",
  "item_delete",
  "item_share",
] as const;
export type BoxScope = (typeof BOX_SCOPES)[number];

export interface BoxToken {
  /** Null for the app's enterprise token: everything, every scope. */
  folderId: string | null;
  scopes: Set<BoxScope>;
  expiresAt: number;
}

const TOKEN_SECONDS = 3600;

export function boxError(res: Response, status: number, code: string, message: string, extra: object = {}) {
  res
    .status(status)
    .json({ type: "error", status, code, message, request_id: randomBytes(6).toString("hex"), ...extra });
}

/** POST /oauth2/token: client_credentials (enterprise token) and token exchange (downscoping to one folder). */
export function tokenRoutes(tokens: Map<string, BoxToken>) {
  const router = express.Router();
  router.post("/oauth2/token", express.urlencoded({ extended: false }), (req, res) => {
    const body = req.body as Record<string, string | undefined>;
    const mint = (token: BoxToken) => {
      const accessToken = randomBytes(24).toString("base64url");
      tokens.set(accessToken, token);
      return accessToken;
    };
    if (body.grant_type === "client_credentials") {
      const { id, secret, enterpriseId } = BOX_SANDBOX_CLIENT;
      if (body.client_id !== id || body.client_secret !== secret || body.box_subject_id !== enterpriseId) {
        res.status(400).json({ error: "invalid_client", error_description: "The client credentials are invalid" });
        return;
      }
      const accessToken = mint({
        folderId: null,
        scopes: new Set(BOX_SCOPES),
        expiresAt: Date.now() + TOKEN_SECONDS * 1000,
      });
      res.json({ access_token: accessToken, expires_in: TOKEN_SECONDS, restricted_to: [], token_type: "bearer" });
      return;
    }
    if (body.grant_type === "urn:ietf:params:oauth:grant-type:token-exchange") {
      const subject = tokens.get(body.subject_token ?? "");
      const folderId = /\/folders\/(\d+)$/.exec(body.resource ?? "")?.[1];
      const scopes = (body.scope ?? "").split(/\s+/).filter(Boolean);
      if (!subject || subject.expiresAt < Date.now()) {
        res.status(400).json({ error: "invalid_grant", error_description: "Invalid subject token" });
        return;
      }
      if (!folderId || scopes.length === 0 || scopes.some((scope) => !BOX_SCOPES.includes(scope as BoxScope))) {
        res.status(400).json({ error: "invalid_request", error_description: "Invalid resource or scope" });
        return;
      }
      const granted = new Set(scopes.filter((scope) => subject.scopes.has(scope as BoxScope)) as BoxScope[]);
      const accessToken = mint({ folderId, scopes: granted, expiresAt: subject.expiresAt });
      res.json({
        access_token: accessToken,
        expires_in: Math.floor((subject.expiresAt - Date.now()) / 1000),
        issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
        restricted_to: [...granted].map((scope) => ({ scope, object: { type: "folder", id: folderId } })),
        token_type: "bearer",
      });
      return;
    }
    res.status(400).json({ error: "unsupported_grant_type", error_description: "Grant type is not supported" });
  });
  return router;
}

/** Bearer token check for the API; Box answers 401 with an empty body and WWW-Authenticate. */
export function requireToken(tokens: Map<string, BoxToken>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const bearer = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.expiresAt < Date.now()) {
      res.status(401).set("www-authenticate", 'Bearer realm="Service", error="invalid_token"').end();
      return;
    }
    res.locals.boxToken = token;
    next();
  };
}
