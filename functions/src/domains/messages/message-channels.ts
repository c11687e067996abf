import type { MessageChannel } from "../../data/messages";
import type { ChannelSender } from "./channels/channel-sender";
import { emailSender } from "./channels/email.sender";
import { inAppSender } from "./channels/in-app.sender";
import { pushSender } from "./channels/push.sender";
import { smsSender } from "./channels/sms.sender";

/** Every channel's sender: the one place a channel is plugged in (domains/messages/README.md). */
export const CHANNEL_SENDERS: Record<MessageChannel, ChannelSender> = {
  inApp: inAppSender,
  push: pushSender,
  email: emailSender,
  sms: smsSender,
};
