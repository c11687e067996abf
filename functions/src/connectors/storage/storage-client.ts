import { type Bucket, Storage } from "@google-cloud/storage";
import { STORAGE_MAX_RETRY_DELAY_S, type StorageConfig, storageCallBudgetMs, storageConfigFromEnv } from "./config";

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

/**
 * The portal's bucket through a freshly configured client (env read at call time): contract tests.
 * Routes use storageBucket() (connection.ts), one client per process loaded on first use.
 */
export function portalBucket(config: StorageConfig = storageConfigFromEnv()): Bucket {
  return createStorageClient(config).bucket(config.bucket);
}
