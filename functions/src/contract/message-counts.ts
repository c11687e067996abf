/**
 * A bulk send's or a delinquency batch's messages, by channel and status, as they stand now (issue 29):
 * they move while the job sends and while receipts arrive. Every channel's are the message service's
 * messages of the batch (outbox, `batchId`); push is one message per device. A bulk send's push row
 * comes from the send's running counters (queued: devices not yet handled), kept with each page's results.
 */
export const COUNTED_CHANNELS = ["inApp", "push", "email", "sms"] as const;
export type CountedChannel = (typeof COUNTED_CHANNELS)[number];

export const COUNTED_STATUSES = ["queued", "sending", "delivered", "failed", "bounced", "opted_out"] as const;
export type CountedStatus = (typeof COUNTED_STATUSES)[number];

/** Only the channels the batch uses are present. */
export type MessageCounts = Partial<Record<CountedChannel, Record<CountedStatus, number>>>;

/** Zero for every status. */
export const noCounts = (): Record<CountedStatus, number> =>
  Object.fromEntries(COUNTED_STATUSES.map((status) => [status, 0])) as Record<CountedStatus, number>;
