import { ConnectorError } from "../../platform/connector-error";
import type { MulticastPushMessage, PushBatchResponse, PushMessage, PushSendResponse } from "./types";

export const SYSTEM = "push";

export const messagesOfMulticast = ({ tokens, ...rest }: MulticastPushMessage): PushMessage[] =>
  tokens.map((token) => ({ token, ...rest }));

/** Counts outcomes; a batch where every message met an outage is an outage of the whole service. */
export function toBatchResponse(responses: PushSendResponse[]): PushBatchResponse {
  const successCount = responses.filter((response) => response.success).length;
  const allUnavailable =
    responses.length > 0 && responses.every((response) => !response.success && response.error.code === "unavailable");
  if (allUnavailable) {
    const first = responses[0] as Extract<PushSendResponse, { success: false }>;
    throw new ConnectorError(SYSTEM, "unavailable", "The push service did not take any message", first.error.message);
  }
  return { responses, successCount, failureCount: responses.length - successCount };
}

/** Runs work over items with at most `limit` at once, keeping the order of results. */
export async function mapWithConcurrency<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
