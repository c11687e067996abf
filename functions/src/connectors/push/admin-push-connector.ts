import { type BatchResponse, getMessaging } from "firebase-admin/messaging";
import { ConnectorError } from "../../platform/connector-error";
import { adminApp } from "../../platform/firebase";
import { messagesOfMulticast, SYSTEM, toBatchResponse } from "./batch";
import type { PushConnector, PushFailure, PushMessage, PushSendResponse } from "./types";

// firebase-admin's messaging error codes (https://firebase.google.com/docs/cloud-messaging/send/admin-sdk).
const FAILURES: Record<string, PushFailure> = {
  "messaging/registration-token-not-registered": "unregistered",
  "messaging/invalid-registration-token": "invalid-token",
  "messaging/invalid-argument": "rejected",
  "messaging/mismatched-credential": "unavailable",
  "messaging/server-unavailable": "unavailable",
  "messaging/internal-error": "unavailable",
  "messaging/message-rate-exceeded": "unavailable",
  "messaging/quota-exceeded": "unavailable",
};

/** sendEach takes at most 500 messages per call. */
const ADMIN_BATCH = 500;

/** Production: firebase-admin Messaging (FCM v1 with the function's service account). */
export function createAdminPushConnector(): PushConnector {
  const send = async (messages: PushMessage[]) => {
    const responses: PushSendResponse[] = [];
    for (let start = 0; start < messages.length; start += ADMIN_BATCH) {
      let batch: BatchResponse;
      try {
        batch = await getMessaging(adminApp()).sendEach(messages.slice(start, start + ADMIN_BATCH));
      } catch (error) {
        throw new ConnectorError(SYSTEM, "unavailable", "The push service did not answer", String(error));
      }
      for (const response of batch.responses) {
        responses.push(
          response.success
            ? { success: true, messageId: response.messageId ?? "" }
            : {
                success: false,
                error: {
                  code: FAILURES[response.error?.code ?? ""] ?? "rejected",
                  message: response.error?.message ?? "not sent",
                },
              },
        );
      }
    }
    return toBatchResponse(responses);
  };
  return { send, sendEachForMulticast: (message) => send(messagesOfMulticast(message)) };
}
