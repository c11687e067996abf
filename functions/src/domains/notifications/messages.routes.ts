// GET /api/notifications?sfId=
// PUT /api/notifications/:id/read
// DELETE /api/notifications/:id

import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { ZDocumentId } from "../../contract/ids";
import type { PortalMessage } from "../../contract/messages";
import { db } from "../../platform/firebase";
import { notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

export const notificationsCollection = () => db().collection("notifications");

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const instant = (value: unknown): string | null => {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
};

/** The API shape of notifications/{id}. */
export function toMessage(id: string, data: Record<string, unknown>): PortalMessage {
  return {
    Id: id,
    Title: text(data.Title) ?? "",
    Body: text(data.Body) ?? "",
    CreatedAt: instant(data.CreatedAt) ?? new Date(0).toISOString(),
    ReadAt: instant(data.ReadAt),
    SObjectType: text(data.SObjectType),
    SalesforceId: text(data.SalesforceId),
  };
}

/**
 * The caller's own message, or 404 for a missing one and for someone else's alike, so that
 * message ids of other users can't be probed.
 */
async function ownMessage(uid: string, id: string) {
  const ref = notificationsCollection().doc(id);
  const doc = await ref.get();
  if (!doc.exists || doc.get("UserId") !== uid) throw notFound("Message not found.");
  return { ref, doc };
}

const ZMessageId = z.object({ id: ZDocumentId });

export const messagesRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/notifications",
    access: "signedIn",
    summary: "The caller's in-app messages, newest first; sfId limits them to one activity",
    query: z.object({ sfId: z.string().min(1).max(64).optional() }),
    handler: async ({ user, query }): Promise<PortalMessage[]> => {
      const { uid } = requireUser(user);
      let selection = notificationsCollection().where("UserId", "==", uid);
      if (query.sfId) selection = selection.where("SalesforceId", "==", query.sfId);
      const snapshot = await selection.get();
      return snapshot.docs
        .map((doc) => toMessage(doc.id, doc.data()))
        .sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt) || a.Id.localeCompare(b.Id));
    },
  }),
  route({
    method: "PUT",
    path: "/api/notifications/:id/read",
    access: "signedIn",
    summary: "Marks one of the caller's messages read (keeps the first read time)",
    params: ZMessageId,
    example: { params: { id: "no-such-message" } },
    handler: async ({ user, params }): Promise<PortalMessage> => {
      const { uid } = requireUser(user);
      const { ref, doc } = await ownMessage(uid, params.id);
      const data = doc.data() ?? {};
      if (instant(data.ReadAt)) return toMessage(doc.id, data);
      const readAt = Timestamp.now();
      await ref.update({ ReadAt: readAt });
      return toMessage(doc.id, { ...data, ReadAt: readAt });
    },
  }),
  route({
    method: "DELETE",
    path: "/api/notifications/:id",
    access: "signedIn",
    summary: "Deletes one of the caller's messages",
    params: ZMessageId,
    example: { params: { id: "no-such-message" } },
    destructive: true,
    handler: async ({ user, params }): Promise<{ deleted: true }> => {
      const { uid } = requireUser(user);
      const { ref } = await ownMessage(uid, params.id);
      await ref.delete();
      return { deleted: true };
    },
  }),
];
