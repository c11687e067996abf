import { smsConnector } from "../../../connectors/sms/connection";
import type { MessageDoc } from "../../../data/messages";
import { isSmsOptedOut, setSmsOptOut, TEXTS_STOPPED_REASON } from "../../../data/sms-opt-outs";
import { statusCallbackUrl } from "../../text-messages/text-messages.service";
import { smsBody } from "../../text-messages/texts";
import type { ChannelSender } from "./channel-sender";

/** The text a message becomes: the city's name, the template's text on one line, how to stop texts. */
export const textOf = (message: MessageDoc) =>
  smsBody(message.language, message.content.text.replace(/\s+/g, " ").trim());

/**
 * Text messages through Twilio's REST API (connectors/sms; the SMS sandbox locally), each with a
 * status callback that later marks it delivered or failed (text-messages/text-webhooks.routes.ts).
 * A number that texted STOP gets nothing (`opted_out`), nor does one Twilio refuses as unsubscribed
 * (21610, remembered). Twilio's REST API has no idempotency key, so there is no `alreadySent`: the
 * runner's claim sends each message id once, and only an answer lost after Twilio took it can repeat it.
 */
export const smsSender: ChannelSender = {
  channel: "sms",
  send: async ({ id, message }) => {
    const to = message.to.phone;
    if (!to) return { status: "failed", reason: "sms: the message names no phone number" };
    if (await isSmsOptedOut(to)) return { status: "opted_out", reason: TEXTS_STOPPED_REASON };
    const answer = await smsConnector().send({ to, body: textOf(message), statusCallback: statusCallbackUrl(id) });
    if (answer.accepted) return { status: "sending", providerId: answer.sid };
    if (answer.optedOut) {
      await setSmsOptOut(to, true, "provider-21610");
      return { status: "opted_out", reason: `sms: ${answer.code} ${answer.message}` };
    }
    return { status: "failed", reason: `sms: ${answer.code ?? ""} ${answer.message}`.replace("  ", " ") };
  },
};
