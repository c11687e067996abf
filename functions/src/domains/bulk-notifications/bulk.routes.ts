// GET /api/notifications/bulk
// POST /api/notifications/bulk
// POST /api/notifications/bulk/audience

import {
  type BulkAudienceCount,
  type BulkNotification,
  type BulkSendInput,
  ZBulkAudience,
  ZBulkSendInput,
} from "../../contract/bulk-notifications";
import { type CountedStatus, type MessageCounts, noCounts } from "../../contract/message-counts";
import {
  type BulkNotificationDoc,
  bulkSendId,
  createBulkNotification,
  listBulkNotifications,
  queueBulkResend,
  readBulkNotification,
} from "../../data/bulk-notifications";
import { instant } from "../../data/fields";
import { messageCountsOfBatch } from "../../data/messages";
import { conflict, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { countAudience } from "./bulk-send.service";

/**
 * A send's emails and texts by status, counted from its messages now (they move as the outbox job
 * sends them and as receipts arrive); none when the send has none.
 */
async function outboxCountsOf(id: string, data: BulkNotificationDoc): Promise<MessageCounts> {
  if (data.outboxChannels.length === 0) return {};
  return (await messageCountsOfBatch(bulkSendId(id, data.run), data.outboxChannels)) as Record<
    "email" | "sms",
    Record<CountedStatus, number>
  >;
}

/** The API shape of bulkNotifications/{id}; `outbox`: its emails' and texts' counts (outboxCountsOf). */
export function toBulkNotification(
  id: string,
  data: BulkNotificationDoc,
  outbox: MessageCounts = {},
): BulkNotification {
  const epoch = new Date(0).toISOString();
  return {
    Id: id,
    EnglishTitle: data.EnglishTitle,
    EnglishBody: data.EnglishBody,
    SpanishTitle: data.SpanishTitle,
    SpanishBody: data.SpanishBody,
    options: data.options,
    created_at: instant(data.created_at) ?? epoch,
    updated_at: instant(data.updated_at) ?? epoch,
    lastSentAt: instant(data.lastSentAt),
    send: {
      run: data.run,
      status: data.status,
      users: data.users,
      devices: data.devices,
      processed: data.processed,
      delivered: data.delivered,
      failed: data.failed,
      reasons: data.reasons,
      finishedAt: instant(data.finishedAt),
      messages: {
        inApp: { ...noCounts(), delivered: data.inAppDelivered },
        push: {
          ...noCounts(),
          queued: data.status === "done" ? 0 : Math.max(0, data.devices - data.processed),
          delivered: data.delivered,
          failed: data.failed,
        },
        ...outbox,
      },
    },
  };
}

/** Stores the notification (or queues a resend); the bulk-push job sends it. */
async function queueSend(body: BulkSendInput, createdBy: string): Promise<string> {
  if ("pushNotificationId" in body) {
    const past = await readBulkNotification(body.pushNotificationId);
    if (!past) throw notFound("No such bulk notification.");
    if (past.status !== "done") throw conflict("This notification is still being sent.");
    await queueBulkResend(body.pushNotificationId);
    return body.pushNotificationId;
  }
  return createBulkNotification(
    {
      EnglishTitle: body.englishTitle,
      EnglishBody: body.englishBody,
      SpanishTitle: body.spanishTitle,
      SpanishBody: body.spanishBody,
    },
    body.options,
    createdBy,
  );
}

export const bulkRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/notifications/bulk",
    access: "admin",
    summary: "Past bulk notifications with their latest send's progress, newest first",
    // A send under way: its in-app messages as counted with each page; a finished one's, from its messages.
    // Emails and texts: counted from the send's messages at each look (12 count queries a send that has them).
    handler: async (): Promise<BulkNotification[]> =>
      Promise.all(
        (await listBulkNotifications()).map(async ({ id, data }) =>
          toBulkNotification(id, data, await outboxCountsOf(id, data)),
        ),
      ),
  }),
  route({
    method: "POST",
    path: "/api/notifications/bulk",
    access: "admin",
    summary: "Queues a bulk notification (new, or pushNotificationId to resend); answers at once",
    body: ZBulkSendInput,
    example: { body: { englishTitle: "Water main work", spanishTitle: "Obras en la red de agua" } },
    // It would notify every user: the matrix checks refusals only; tests/api/bulk-notifications proves the rest.
    destructive: true,
    handler: async ({ user, body, res }): Promise<undefined> => {
      const caller = requireUser(user);
      const id = await queueSend(body, caller.uid);
      const stored = await readBulkNotification(id);
      // 202: accepted, not yet sent.
      res.status(202).json(toBulkNotification(id, stored as BulkNotificationDoc));
      return undefined;
    },
  }),
  route({
    method: "POST",
    path: "/api/notifications/bulk/audience",
    access: "admin",
    summary: "How many users and devices a bulk notification with these options reaches",
    body: ZBulkAudience.strict(),
    example: { body: { hasUtilityAccount: true } },
    handler: async ({ body }): Promise<BulkAudienceCount> => countAudience(body),
  }),
];
