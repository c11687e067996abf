import { mailConnector } from "../../../connectors/mail/connection";
import { ConnectorError } from "../../../platform/connector-error";
import type { ChannelSender } from "./channel-sender";

/**
 * Email through the city's SMTP relay (connectors/mail). The relay's acceptance is "delivered";
 * a 5xx refusal (unknown mailbox, a bounce at the door) is "failed" with the server's reply, not retried.
 */
export const emailSender: ChannelSender = {
  channel: "email",
  send: async ({ id, message }) => {
    const to = message.to.email;
    if (!to) return { status: "failed", reason: "email: the message names no email address" };
    try {
      const accepted = await mailConnector().send({
        to,
        subject: message.content.subject,
        text: message.content.text,
        html: message.content.html ?? "",
        messageId: id,
        language: message.language,
      });
      return { status: "delivered", providerId: accepted.messageId };
    } catch (error) {
      if (error instanceof ConnectorError && error.kind === "rejected") {
        return { status: "failed", reason: `email: ${error.message}` };
      }
      throw error;
    }
  },
};
