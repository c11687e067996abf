import type { Request, Response } from "express";
import type { PaymentsState } from "./state.ts";

/**
 * Answers a repeated Idempotency-Key with the first answer. Returns a function that records
 * the answer for this key, or null when the request was already answered (replayed or refused).
 */
export function idempotent(state: PaymentsState, scope: string, req: Request, res: Response) {
  const key = req.get("idempotency-key");
  const record = (status: number, body: unknown) => {
    if (key) state.replies.set(`${scope}:${key}`, { fingerprint, status, body });
    res.status(status).json(body);
  };
  const fingerprint = JSON.stringify(req.body ?? {});
  const earlier = key ? state.replies.get(`${scope}:${key}`) : undefined;
  if (!earlier) return record;
  if (earlier.fingerprint !== fingerprint) {
    res
      .status(409)
      .json({ code: "IDEMPOTENCY_KEY_REUSED", message: "This idempotency key was used for a different request" });
  } else {
    res.setHeader("idempotent-replayed", "true");
    res.status(earlier.status).json(earlier.body);
  }
  return null;
}
