import { ConnectorError } from "../../platform/connector-error";
import { callJson, type JsonAnswer } from "../http-json";
import { mapWithConcurrency, messagesOfMulticast, toBatchResponse } from "./batch";
import type { PushHttpConfig } from "./config";
import type { PushConnector, PushFailure, PushMessage, PushSendResponse } from "./types";

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { errorCode?: string }[] };
}

/** FCM v1's error codes (details[].errorCode, else status) to what the caller does about them. */
function failureOf(status: number, body: FcmErrorBody): PushFailure {
  const code = body.error?.details?.find((detail) => detail.errorCode)?.errorCode ?? body.error?.status;
  if (code === "UNREGISTERED" || status === 404) return "unregistered";
  if (code === "INVALID_ARGUMENT" && /token/i.test(body.error?.message ?? "")) return "invalid-token";
  if (status >= 500 || status === 429 || status === 401 || status === 403) return "unavailable";
  return "rejected";
}

/**
 * The HTTP adapter: one POST /v1/projects/{project}/messages:send per message, the FCM v1
 * wire shape. Locally it reaches the push sandbox, which records every message.
 */
export function createHttpPushConnector(config: PushHttpConfig): PushConnector {
  const sendOne = async (message: PushMessage): Promise<PushSendResponse> => {
    let answer: JsonAnswer<FcmErrorBody & { name?: string }>;
    try {
      // Every status is read here (failureOf): a batch send reports each message's fate.
      answer = await callJson(
        {
          system: "push",
          label: "The push service",
          timeoutMs: config.timeoutMs,
          unavailable: () => false,
          emptyBodyIsObject: true,
        },
        `${config.baseUrl}/v1/projects/${config.projectId}/messages:send`,
        { method: "POST", json: { message } },
      );
    } catch (error) {
      const detail = error instanceof ConnectorError ? String(error.detail ?? error.message) : String(error);
      return { success: false, error: { code: "unavailable", message: detail } };
    }
    const { status, body } = answer;
    const ok = status >= 200 && status < 300;
    if (ok && typeof body.name === "string") return { success: true, messageId: body.name };
    const code = ok ? "unavailable" : failureOf(status, body);
    return {
      success: false,
      error: { code, message: body.error?.message ?? `push service answered ${status}` },
    };
  };

  const send = async (messages: PushMessage[]) =>
    toBatchResponse(await mapWithConcurrency(messages, config.concurrency, sendOne));
  return { send, sendEachForMulticast: (message) => send(messagesOfMulticast(message)) };
}
