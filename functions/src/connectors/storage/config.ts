import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface StorageConfig {
  /** The bucket for photos, pictures and uploads. */
  bucket: string;
  /** Per-request timeout of the client (metadata, list, delete, download, multipart upload). */
  timeoutMs: number;
  /** Retries of idempotent calls on 5xx and dropped connections; kept low so a request can't hang. */
  maxRetries: number;
}

/**
 * Read at call time. Where the client connects is decided by @google-cloud/storage itself:
 * STORAGE_EMULATOR_HOST (set by the launcher, or by firebase-admin from
 * FIREBASE_STORAGE_EMULATOR_HOST) points it at the local store; unset, it talks to Cloud Storage
 * with the function's service account.
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const project = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
  const bucket = env.STORAGE_BUCKET ?? (project ? `${project}.appspot.com` : undefined);
  if (!bucket) throw new Error("STORAGE_BUCKET (or GCLOUD_PROJECT) must be set");
  return {
    bucket,
    timeoutMs: Number(env.STORAGE_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
    maxRetries: Number(env.STORAGE_MAX_RETRIES ?? 1),
  };
}

/** Longest pause between retries, in seconds (the client's maxRetryDelay). */
export const STORAGE_MAX_RETRY_DELAY_S = 2;

/** The longest one idempotent call can take before it fails: every attempt timing out, plus the pauses. */
export function storageCallBudgetMs(config: StorageConfig): number {
  return (config.maxRetries + 1) * config.timeoutMs + config.maxRetries * STORAGE_MAX_RETRY_DELAY_S * 1000;
}
