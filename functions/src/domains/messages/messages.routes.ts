// GET /api/notifications?sfId=
// PUT /api/notifications/:id/read
// DELETE /api/notifications/:id
// GET /api/notifications/templates

import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { ZDocumentIdParams } from "../../contract/ids";
import type { PortalMessage, TemplatePreview } from "../../contract/messages";
import { instant } from "../../data/fields";
import {
  deleteNotification,
  markNotificationRead,
  type NotificationDoc,
  notificationsOf,
  readNotification,
} from "../../data/notifications";
import { notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { templatePreviews } from "./template-previews";

/** The API shape of notifications/{id}. */
export function toMessage(id: string, data: NotificationDoc): PortalMessage {
  return {
    Id: id,
    Title: data.Title ?? "",
    Body: data.Body ?? "",
    TitleSpanish: data.TitleSpanish ?? null,
    BodySpanish: data.BodySpanish ?? null,
    CreatedAt: instant(data.CreatedAt) ?? new Date(0).toISOString(),
    ReadAt: instant(data.ReadAt),
    SObjectType: data.SObjectType,
    SalesforceId: data.SalesforceId,
  };
}

/**
 * The caller's own message, or 404 for a missing one and for someone else's alike, so that
 * message ids of other users can't be probed.
 */
async function ownMessage(uid: string, id: string): Promise<NotificationDoc> {
  const message = await readNotification(id);
  if (!message || message.UserId !== uid) throw notFound("Message not found.");
  return message;
}

export const messagesRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/notifications/templates",
    access: "admin",
    summary: "Every message template with sample data, as an email in English and in Spanish (issue 29)",
    handler: async (): Promise<TemplatePreview[]> => templatePreviews(portalOrigin()),
  }),
  route({
    method: "GET",
    path: "/api/notifications",
    access: "signedIn",
    summary: "The caller's in-app messages, newest first; sfId limits them to one activity",
    query: z.object({ sfId: z.string().min(1).max(64).optional() }),
    handler: async ({ user, query }): Promise<PortalMessage[]> => {
      const { uid } = requireUser(user);
      const messages = await notificationsOf(uid, query.sfId);
      return messages
        .map(({ id, data }) => toMessage(id, data))
        .sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt) || a.Id.localeCompare(b.Id));
    },
  }),
  route({
    method: "PUT",
    path: "/api/notifications/:id/read",
    access: "signedIn",
    summary: "Marks one of the caller's messages read (keeps the first read time)",
    params: ZDocumentIdParams,
    example: { params: { id: "no-such-message" } },
    handler: async ({ user, params }): Promise<PortalMessage> => {
      const { uid } = requireUser(user);
      const data = await ownMessage(uid, params.id);
      if (instant(data.ReadAt)) return toMessage(params.id, data);
      const readAt = Timestamp.now();
      await markNotificationRead(params.id, readAt);
      return toMessage(params.id, { ...data, ReadAt: readAt });
    },
  }),
  route({
    method: "DELETE",
    path: "/api/notifications/:id",
    access: "signedIn",
    summary: "Deletes one of the caller's messages",
    params: ZDocumentIdParams,
    example: { params: { id: "no-such-message" } },
    destructive: true,
    handler: async ({ user, params }): Promise<{ deleted: true }> => {
      const { uid } = requireUser(user);
      await ownMessage(uid, params.id);
      await deleteNotification(params.id);
      return { deleted: true };
    },
  }),
];
