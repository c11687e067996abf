import { pushConnector } from "../../../connectors/push/connection";
import { pushTokensOf } from "../../../data/push-tokens";
import { ConnectorError } from "../../../platform/connector-error";
import type { ChannelSender } from "./channel-sender";

/**
 * Push to every device of the user (pushTokens). Delivered when any device took it; failed when the
 * user has no device or every token was refused; an outage of the push service is retried.
 */
export const pushSender: ChannelSender = {
  channel: "push",
  send: async ({ id, message }) => {
    const uid = message.to.uid;
    if (!uid) return { status: "failed", reason: "push: the message names no portal user" };
    const tokens = await pushTokensOf(uid);
    if (tokens.length === 0) return { status: "failed", reason: "push: the user has no device registered" };
    const answer = await pushConnector().send(
      tokens.map((token) => ({
        token,
        notification: { title: message.content.subject, body: message.content.text },
        data: { kind: "message", messageId: id, ...message.links },
      })),
    );
    const taken = answer.responses.find((response) => response.success);
    if (taken?.success) return { status: "delivered", providerId: taken.messageId };
    const reasons = answer.responses.map((response) => (response.success ? "" : response.error.code));
    if (reasons.every((reason) => reason === "unavailable")) {
      throw new ConnectorError("push", "unavailable", "The push service took none of the devices");
    }
    return { status: "failed", reason: `push: ${[...new Set(reasons)].join(", ")}` };
  },
};
