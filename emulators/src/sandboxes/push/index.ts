import { randomUUID } from "node:crypto";
import express, { type Response } from "express";
import type { SandboxDefinition } from "../kit.ts";

/** A message the sandbox accepted, as GET /__sandbox/messages lists it. */
export interface RecordedPushMessage {
  name: string;
  project: string;
  message: { token: string; notification?: { title?: string; body?: string }; data?: Record<string, string> };
  receivedAt: string;
}

/** Tokens the sandbox treats as uninstalled apps, the way FCM answers them (404 UNREGISTERED). */
export const UNREGISTERED_TOKEN_PREFIX = "unregistered-";

function fcmError(res: Response, code: number, status: string, message: string, errorCode = status) {
  res.status(code).json({
    error: {
      code,
      message,
      status,
      details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }],
    },
  });
}

const isStringMap = (value: unknown) =>
  value === undefined ||
  (typeof value === "object" && value !== null && Object.values(value).every((item) => typeof item === "string"));

/**
 * FCM v1's send endpoint (POST /v1/projects/{project}/messages:send). Every accepted message is
 * recorded: GET /__sandbox/messages lists them; DELETE /__sandbox/messages or POST /__control/reset clear them.
 */
export const pushSandbox: SandboxDefinition = {
  name: "push",
  createApp: ({ onReset }) => {
    let recorded: RecordedPushMessage[] = [];
    onReset(() => {
      recorded = [];
    });
    const app = express();
    app.use(express.json({ limit: "1mb" }));
    app.post("/v1/projects/:project/messages\\:send", (req, res) => {
      const message = (req.body as { message?: RecordedPushMessage["message"] } | undefined)?.message;
      if (!message || typeof message.token !== "string" || message.token === "") {
        fcmError(res, 400, "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token");
        return;
      }
      if (!isStringMap(message.data) || !isStringMap(message.notification)) {
        fcmError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload: data and notification values must be strings");
        return;
      }
      if (message.token.startsWith(UNREGISTERED_TOKEN_PREFIX)) {
        fcmError(res, 404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
        return;
      }
      const project = String(req.params.project);
      const name = `projects/${project}/messages/${randomUUID()}`;
      recorded.push({ name, project, message, receivedAt: new Date().toISOString() });
      res.json({ name });
    });
    app.get("/__sandbox/messages", (_req, res) => {
      res.json({ count: recorded.length, messages: recorded });
    });
    app.delete("/__sandbox/messages", (_req, res) => {
      recorded = [];
      res.status(204).end();
    });
    return app;
  },
  env: (baseUrl) => ({ PUSH_BASE_URL: baseUrl }),
  fail: (_req, res) => fcmError(res, 503, "UNAVAILABLE", "The service is currently unavailable."),
};
