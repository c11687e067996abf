import type { ChannelSender } from "./channel-sender";

/**
 * Text messages: not wired yet (issue 29's SMS part plugs its Twilio-compatible sender in here).
 * Until then a text message fails at once with this reason, rather than waiting or retrying.
 */
export const smsSender: ChannelSender = {
  channel: "sms",
  send: async () => ({ status: "failed", reason: "sms: no text-message sender is configured yet" }),
};
