import { ConnectorError } from "../../platform/connector-error";

export const SYSTEM = "storage";

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
