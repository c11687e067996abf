import { z } from "zod";
import type { MessageCounts } from "./message-counts";

/** Who a bulk notification goes to (spec 3 §3 Bulk notification "Send options"); each ticked option narrows the audience. */
export const BULK_AUDIENCE_OPTIONS = [
  "autoPayEnabled",
  "hasSavedPaymentMethod",
  "hasUtilityAccount",
  "noActivities",
] as const;
export type BulkAudienceOption = (typeof BULK_AUDIENCE_OPTIONS)[number];

export const ZBulkAudience = z.object({
  autoPayEnabled: z.boolean().default(false),
  hasSavedPaymentMethod: z.boolean().default(false),
  hasUtilityAccount: z.boolean().default(false),
  noActivities: z.boolean().default(false),
});
export type BulkAudience = z.output<typeof ZBulkAudience>;

/** A title: required, not blank after trimming (spec 3 §5 Bulk push notification). */
const title = z.string().trim().min(1, "Required").max(120, "TooLong");
/** A body: optional. */
const body = z.string().trim().max(1000, "TooLong").default("");

/** The modal's fields, shared by the form and POST /api/notifications/bulk. */
export const bulkNotificationFormSchema = z.object({
  englishTitle: title,
  spanishTitle: title,
  englishBody: body,
  spanishBody: body,
  options: ZBulkAudience.default({
    autoPayEnabled: false,
    hasSavedPaymentMethod: false,
    hasUtilityAccount: false,
    noActivities: false,
  }),
});
export type BulkNotificationFormInput = z.input<typeof bulkNotificationFormSchema>;
export type BulkNotificationFormValues = z.output<typeof bulkNotificationFormSchema>;

/** POST /api/notifications/bulk: a new notification, or `pushNotificationId` to resend a past one (spec 3 §7). */
export const ZBulkSendInput = z.union([
  z.object({ pushNotificationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict(),
  bulkNotificationFormSchema.strict(),
]);
export type BulkSendInput = z.output<typeof ZBulkSendInput>;

export type BulkSendStatus = "queued" | "sending" | "done";

/** Why messages of a send were not delivered, with how many each. */
export type BulkFailureReasons = Partial<
  Record<"unregistered" | "invalid-token" | "rejected" | "unavailable" | "interrupted", number>
>;

/** A bulk notification as GET /api/notifications/bulk answers it: its texts and its latest send. */
export interface BulkNotification {
  Id: string;
  EnglishTitle: string;
  EnglishBody: string;
  SpanishTitle: string;
  SpanishBody: string;
  options: BulkAudience;
  /** ISO instants. */
  created_at: string;
  updated_at: string;
  lastSentAt: string | null;
  send: {
    /** The send's number (1 for the first send, 2 after a resend...). */
    run: number;
    status: BulkSendStatus;
    /** Users who get the in-app message, devices the push goes to. */
    users: number;
    devices: number;
    /** Devices handled so far (delivered + failed). */
    processed: number;
    delivered: number;
    failed: number;
    reasons: BulkFailureReasons;
    finishedAt: string | null;
    /**
     * The send's messages by channel and status: in-app (the message service's), push (per device), and
     * email and text when people chose them for city alerts (counted from the messages at each look).
     */
    messages: MessageCounts;
  };
}

/** POST /api/notifications/bulk/audience: how many a send with these options would reach. */
export interface BulkAudienceCount {
  users: number;
  devices: number;
}
