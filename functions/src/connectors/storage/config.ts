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
