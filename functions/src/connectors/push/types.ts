/** One push message, in the shape FCM v1 and firebase-admin's Message (token form) share. */
export interface PushMessage {
  token: string;
  notification: { title: string; body: string };
  /** FCM data payloads carry string values only. */
  data?: Record<string, string>;
}

/** The same notification to many devices (firebase-admin's MulticastMessage). */
export interface MulticastPushMessage {
  tokens: string[];
  notification: { title: string; body: string };
  data?: Record<string, string>;
}

/**
 * Why one message was not delivered. `unregistered` and `invalid-token`: drop the token;
 * `rejected`: the message itself is wrong; `unavailable`: try again later.
 */
export type PushFailure = "unregistered" | "invalid-token" | "rejected" | "unavailable";

export type PushSendResponse =
  | { success: true; messageId: string }
  | { success: false; error: { code: PushFailure; message: string } };

/** Per-message outcomes in the order sent, as firebase-admin's BatchResponse. */
export interface PushBatchResponse {
  responses: PushSendResponse[];
  successCount: number;
  failureCount: number;
}

export interface PushConnector {
  /**
   * Sends each message on its own; one bad token does not stop the rest. Throws
   * ConnectorError('push', 'unavailable') only when the service took none of them for being down.
   */
  send(messages: PushMessage[]): Promise<PushBatchResponse>;
  sendEachForMulticast(message: MulticastPushMessage): Promise<PushBatchResponse>;
}
