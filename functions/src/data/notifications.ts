import type { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZStoredInstant, ZText } from "./fields";

/** notifications/{id}: an in-app message to one user, optionally about one CRM record. */
export const ZNotificationDoc = z.object({
  UserId: ZText,
  Title: ZText,
  Body: ZText,
  /** The same message in Spanish, when its sender wrote one (issue 28); shown to Spanish readers. */
  TitleSpanish: ZText.optional(),
  BodySpanish: ZText.optional(),
  CreatedAt: ZStoredInstant,
  ReadAt: ZStoredInstant,
  SObjectType: ZText,
  SalesforceId: ZText,
});
export type NotificationDoc = z.output<typeof ZNotificationDoc>;

export const notificationsCollection = typedCollection("notifications", ZNotificationDoc);

/** A new, unread message's fields: what every sender writes, about one CRM record or none. */
export function newMessage(message: {
  userId: string;
  title: string;
  body: string;
  createdAt: Timestamp;
  about?: { sObjectType: string; salesforceId: string };
}): NotificationDoc {
  return {
    UserId: message.userId,
    Title: message.title,
    Body: message.body,
    CreatedAt: message.createdAt,
    ReadAt: null,
    SObjectType: message.about?.sObjectType ?? null,
    SalesforceId: message.about?.salesforceId ?? null,
  };
}

/** A user's messages, optionally only those about one CRM record (unordered). */
export async function notificationsOf(uid: string, salesforceId?: string) {
  let selection = notificationsCollection().where("UserId", "==", uid);
  if (salesforceId) selection = selection.where("SalesforceId", "==", salesforceId);
  const snapshot = await selection.get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** One message, or undefined. */
export async function readNotification(id: string): Promise<NotificationDoc | undefined> {
  return (await notificationsCollection().doc(id).get()).data();
}

export async function markNotificationRead(id: string, readAt: Date | FirebaseFirestore.Timestamp): Promise<void> {
  await notificationsCollection().doc(id).update({ ReadAt: readAt });
}

export async function deleteNotification(id: string): Promise<void> {
  await notificationsCollection().doc(id).delete();
}

/** Writes a new message under a given id; false when that id exists already (the same message again). */
export async function createNotificationOnce(id: string, message: Parameters<typeof newMessage>[0]): Promise<boolean> {
  try {
    await notificationsCollection().doc(id).create(newMessage(message));
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}
