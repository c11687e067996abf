import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface PushHttpConfig {
  /** Base URL of an FCM-v1-compatible endpoint (the push sandbox locally). */
  baseUrl: string;
  projectId: string;
  timeoutMs: number;
  /** Messages in flight at once during a bulk send. */
  concurrency: number;
}

/**
 * PUSH_BASE_URL set (by the launcher, pointing at the push sandbox): the HTTP adapter.
 * Unset (production): null, and the firebase-admin Messaging adapter is used.
 */
export function pushHttpConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PushHttpConfig | null {
  if (!env.PUSH_BASE_URL) return null;
  return {
    baseUrl: env.PUSH_BASE_URL.replace(/\/$/, ""),
    projectId: env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? "demo-city-portal",
    timeoutMs: Number(env.PUSH_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
    concurrency: Number(env.PUSH_CONCURRENCY ?? 10),
  };
}
