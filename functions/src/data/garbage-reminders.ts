import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { PICKUP_WEEKDAYS, type PickupWeekday } from "../contract/garbage-pickup";
import { isAlreadyExists, newBatch, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";
import { notificationsCollection } from "./notifications";
import { pushTokensCollection } from "./push-tokens";

/**
 * garbageReminders/{uid}: a resident's evening-before reminder of one address's garbage pickup
 * (issue 16). The pickup weekday is copied from the parcel when the reminder is turned on, so the
 * job needs no CRM call; a route redrawn later shows when the resident turns it on again.
 */
export const ZGarbageReminderDoc = z.object({
  UserId: ZText,
  parcelId: ZText,
  address: ZText,
  pickupWeekday: z.enum(PICKUP_WEEKDAYS).nullable().catch(null),
  /** The last pickup day (YYYY-MM-DD) a reminder went out for. */
  lastSentFor: ZText,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type GarbageReminderDoc = z.output<typeof ZGarbageReminderDoc>;

export const garbageRemindersCollection = typedCollection("garbageReminders", ZGarbageReminderDoc);
const reminderRef = (uid: string) => garbageRemindersCollection().doc(uid);

export async function readGarbageReminder(uid: string): Promise<GarbageReminderDoc | undefined> {
  return (await reminderRef(uid).get()).data();
}

/** Turns the reminder on for one address (one per resident: a new address replaces the old). */
export async function saveGarbageReminder(
  uid: string,
  parcel: { parcelId: string; address: string; pickupWeekday: PickupWeekday },
): Promise<void> {
  const current = await readGarbageReminder(uid);
  await reminderRef(uid).set({
    UserId: uid,
    ...parcel,
    // The same address keeps its record of what was sent, so turning it on twice sends nothing twice.
    lastSentFor: current?.parcelId === parcel.parcelId ? (current.lastSentFor ?? null) : null,
    createdAt: current?.createdAt ?? Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
}

export async function deleteGarbageReminder(uid: string): Promise<void> {
  await reminderRef(uid).delete();
}

/** Reminders of addresses picked up on one of these weekdays (at most the five pickup days). */
export async function garbageRemindersFor(
  weekdays: readonly PickupWeekday[],
): Promise<{ uid: string; data: GarbageReminderDoc }[]> {
  if (weekdays.length === 0) return [];
  const snapshot = await garbageRemindersCollection()
    .where("pickupWeekday", "in", [...weekdays])
    .get();
  return snapshot.docs.map((doc) => ({ uid: doc.id, data: doc.data() }));
}

export const garbageReminderMessageId = (uid: string, pickupDay: string) => `garbage-${uid}-${pickupDay}`;

/**
 * Claims one pickup's reminder: writes the in-app message (its id is the user's and the pickup
 * day's, so create() lets only the first run through) and marks the reminder sent for that day.
 * Answers false when an earlier run already sent it.
 */
export async function claimGarbageReminder(
  uid: string,
  pickupDay: string,
  message: { title: string; body: string },
): Promise<boolean> {
  const batch = newBatch();
  batch.create(notificationsCollection().doc(garbageReminderMessageId(uid, pickupDay)), {
    UserId: uid,
    Title: message.title,
    Body: message.body,
    CreatedAt: FieldValue.serverTimestamp(),
    ReadAt: null,
    SObjectType: null,
    SalesforceId: null,
  });
  batch.update(reminderRef(uid), { lastSentFor: pickupDay, updatedAt: Timestamp.now() });
  try {
    await batch.commit();
    return true;
  } catch (error) {
    // ALREADY_EXISTS: sent by an earlier run; NOT_FOUND: the reminder was turned off meanwhile.
    if (isAlreadyExists(error) || (error as { code?: unknown }).code === 5) return false;
    throw error;
  }
}

/** A user's devices (pushTokens) for the reminder's push. */
export async function pushTokensOf(uid: string): Promise<{ id: string; token: string }[]> {
  const snapshot = await pushTokensCollection().where("UserId", "==", uid).get();
  return snapshot.docs.flatMap((doc) => {
    const token = doc.data().token;
    return token ? [{ id: doc.id, token }] : [];
  });
}

/** Removes tokens the provider reported dead. */
export async function dropPushTokens(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const batch = newBatch();
  for (const id of ids) batch.delete(pushTokensCollection().doc(id));
  await batch.commit();
}
