import { connectorAccessor } from "../accessor";
import { createAdminPushConnector } from "./admin-push-connector";
import { pushHttpConfigFromEnv } from "./config";
import { createHttpPushConnector } from "./http-push-connector";
import type { PushConnector } from "./types";

/**
 * The push connector for an environment. Production sets no PUSH_BASE_URL, so messages go
 * through firebase-admin Messaging (getMessaging().sendEach) with the function's credentials.
 * The local stack sets PUSH_BASE_URL to the push sandbox, which speaks FCM v1's messages:send
 * and records each message so bulk sends can be checked and counted.
 */
export function createPushConnector(env: NodeJS.ProcessEnv = process.env): PushConnector {
  const http = pushHttpConfigFromEnv(env);
  return http ? createHttpPushConnector(http) : createAdminPushConnector();
}

/** The process's push connector, created on first use. */
export const pushConnector = connectorAccessor(() => createPushConnector());
