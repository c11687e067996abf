import { type Bucket, Storage } from "@google-cloud/storage";
import { ConnectorError } from "../connector-error";
import { STORAGE_MAX_RETRY_DELAY_S, type StorageConfig, storageCallBudgetMs, storageConfigFromEnv } from "./config";

export const SYSTEM = "storage";

/** The configured client: bounded per-request time and few retries, so no call hangs a request. */
export function createStorageClient(config: StorageConfig = storageConfigFromEnv()): Storage {
  return new Storage({
    timeout: config.timeoutMs,
    retryOptions: {
      autoRetry: config.maxRetries > 0,
      maxRetries: config.maxRetries,
      // The retry loop as a whole stays within the call budget (seconds).
      totalTimeout: Math.ceil(storageCallBudgetMs(config) / 1000),
      maxRetryDelay: STORAGE_MAX_RETRY_DELAY_S,
    },
  });
}

/** The portal's bucket through a freshly configured client (env read at call time). */
export function portalBucket(config: StorageConfig = storageConfigFromEnv()): Bucket {
  return createStorageClient(config).bucket(config.bucket);
}

const statusOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "number" ? code : undefined;
};

/** Cloud Storage's errors as ConnectorErrors: 404 not_found, other 4xx rejected, the rest unavailable. */
export function toStorageError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (status === 404) return new ConnectorError(SYSTEM, "not_found", "No such stored file", message);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new ConnectorError(SYSTEM, "rejected", "Cloud Storage refused the request", message);
  }
  return new ConnectorError(SYSTEM, "unavailable", "Cloud Storage did not answer", message);
}

/** Runs storage work and throws only ConnectorErrors. */
export async function withStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toStorageError(error);
  }
}
