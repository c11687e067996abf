import { api } from "@/lib/api-client";

/** POST /api/verify: the server copies the identity provider's verification onto the user record. */
export function verifyEmailRecord(): Promise<{ Verified: boolean; updated: boolean }> {
  return api.post("/verify");
}
