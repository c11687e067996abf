import { pushConnector } from "../../../connectors/push/connection";
import { pushTokenById, pushTokensOf } from "../../../data/push-tokens";
import { ConnectorError } from "../../../platform/connector-error";
import type { ChannelSender } from "./channel-sender";

/**
 * Push to one device (`to.device`, a bulk send's message per device) or to every device of the user
 * (pushTokens). Delivered when the device (any device) took it; failed, with FCM's code, when it was
 * refused ("push: unregistered": the app was removed) or the user has no device; an outage of the push
 * service is thrown, so the outbox retries it (a bulk send records it as this message's failure).
 */
export const pushSender: ChannelSender = {
  channel: "push",
  send: async ({ id, message, deviceToken }) => {
    const uid = message.to.uid;
    if (!uid) return { status: "failed", reason: "push: the message names no portal user" };
    const notification = { title: message.content.subject, body: message.content.text };
    const data = { kind: "message", messageId: id, ...message.links };
    if (message.to.device) {
      const token = deviceToken ?? (await pushTokenById(message.to.device));
      if (!token) return { status: "failed", reason: "push: unregistered" };
      const [response] = (await pushConnector().send([{ token, notification, data }])).responses;
      if (response?.success) return { status: "delivered", providerId: response.messageId };
      const code = response ? response.error.code : "unavailable";
      if (code === "unavailable") throw new ConnectorError("push", "unavailable", "The push service did not take it");
      return { status: "failed", reason: `push: ${code}` };
    }
    const tokens = await pushTokensOf(uid);
    if (tokens.length === 0) return { status: "failed", reason: "push: the user has no device registered" };
    const answer = await pushConnector().send(tokens.map((token) => ({ token, notification, data })));
    const taken = answer.responses.find((response) => response.success);
    if (taken?.success) return { status: "delivered", providerId: taken.messageId };
    const reasons = answer.responses.map((response) => (response.success ? "" : response.error.code));
    if (reasons.every((reason) => reason === "unavailable")) {
      throw new ConnectorError("push", "unavailable", "The push service took none of the devices");
    }
    return { status: "failed", reason: `push: ${[...new Set(reasons)].join(", ")}` };
  },
};
