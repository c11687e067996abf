import type { MessageChannel, MessageDoc, MessageStatus } from "../../../data/messages";

/**
 * What a channel answers for one message:
 * - `delivered`: the provider took it and no receipt will follow (in-app; email once the SMTP server
 *   accepted it; a later bounce may still come as a receipt);
 * - `sending`: the provider took it and will send a receipt (`recordMessageReceipt`) later (texts);
 * - `failed` / `opted_out`: a permanent answer, with the provider's reason; not retried.
 * A temporary failure (provider down, slow, 4xx/5xx that may pass) is thrown instead, preferably as
 * a ConnectorError: the outbox runner retries it with backoff and records the reason meanwhile.
 */
export type ChannelResult =
  | { status: Extract<MessageStatus, "delivered" | "sending">; providerId: string | null }
  | { status: Extract<MessageStatus, "failed" | "opted_out">; reason: string; providerId?: string | null };

/** One message as the channel gets it: its id (use it as the provider's idempotency key / Message-ID) and document. */
export interface OutgoingMessage {
  id: string;
  message: MessageDoc;
  /** A push message to one device (`to.device`): its token when the caller has it at hand (a bulk page), else it is read. */
  deviceToken?: string;
}

/**
 * A way to reach people (domains/messages/README.md). Senders are listed in `message-channels.ts`.
 * `alreadySent` is asked before every retry: an earlier attempt may have reached the provider and
 * lost its answer; answer what it sent (when the provider can be asked), else null.
 */
export interface ChannelSender {
  channel: MessageChannel;
  send(outgoing: OutgoingMessage): Promise<ChannelResult>;
  alreadySent?(outgoing: OutgoingMessage): Promise<ChannelResult | null>;
}
