import type { Bucket } from "@google-cloud/storage";
import { storageConfigFromEnv } from "./config";

let bucket: Promise<Bucket> | undefined;

/**
 * The portal's bucket through the process's one Cloud Storage client, made on first use;
 * @google-cloud/storage loads then, not when a route file is imported.
 */
export function storageBucket(): Promise<Bucket> {
  bucket ??= import("./storage-client").then(({ createStorageClient }) => {
    const config = storageConfigFromEnv();
    return createStorageClient(config).bucket(config.bucket);
  });
  bucket.catch(() => {
    bucket = undefined;
  });
  return bucket;
}
