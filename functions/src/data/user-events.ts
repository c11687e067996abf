import { FieldValue, type WriteBatch } from "firebase-admin/firestore";
import { z } from "zod";
import type { ActivityAction } from "../contract/activity";
import { isAlreadyExists, newBatch, typedCollection } from "./collection";
import { ZStoredInstant, ZText } from "./fields";
import { userRef } from "./users";

/** userEvents/{id}: sessions, logins and CreateActivity events shown in the admin user view. */
export const ZUserEventDoc = z.object({
  UserId: ZText,
  Event: ZText,
  ipAddress: ZText,
  platform: ZText,
  userAgent: z.string().catch(""),
  /** CreateActivity: the catalogue action (ActivityAction) the user started, shown translated. */
  Action: ZText.optional(),
  /** CreateActivity: the catalogue service's id (its name is translated as `Activity.Item.<id>`), or null. */
  Item: ZText.optional(),
  /** CreateActivity: the service's English name, shown when no translation exists. */
  ItemName: ZText.optional(),
  /** CreateActivity without a catalogue service: a text key of the app naming it (e.g. `Report.Types.appFeedback`). */
  ItemKey: ZText.optional(),
  /** Any other event's data, shown raw in the admin user view; CreateActivity: what was created. */
  Data: z.record(z.string(), z.unknown()).optional().catch(undefined),
  CreatedAt: ZStoredInstant,
});
export type UserEventDoc = z.output<typeof ZUserEventDoc>;

export const userEventsCollection = typedCollection("userEvents", ZUserEventDoc);

/** Stores one event stamped with the server's time; returns its id. */
export async function recordUserEvent(event: Omit<UserEventDoc, "CreatedAt">): Promise<string> {
  const ref = userEventsCollection().doc();
  await ref.set({ ...event, CreatedAt: FieldValue.serverTimestamp() });
  return ref.id;
}

/** A resident created an activity (a report, a form, a zoning inquiry, an LPI application). */
export interface ActivityCreated {
  uid: string;
  action: ActivityAction;
  /** The catalogue service's id, when the activity was started from one. */
  activityId: string | null;
  /** The service's English name. */
  itemName: string | null;
  /** A text key naming it when there is no catalogue service. */
  itemKey?: string | null;
  /** What was created, unique per activity (e.g. `report-<id>`): the event's id, so it is recorded once. */
  reference: string;
  data?: Record<string, unknown>;
}

const activityEventId = (reference: string) => `activity-${reference}`;

/**
 * Adds a CreateActivity event to a batch, with the user's `hasActivities` and `lastActivityAt`
 * (read by the noActivities audience), so they land with the record the activity is. The event id
 * comes from the reference, so the batch fails (ALREADY_EXISTS) when it was recorded already.
 */
export function addActivityCreated(batch: WriteBatch, event: ActivityCreated): void {
  batch.create(userEventsCollection().doc(activityEventId(event.reference)), {
    UserId: event.uid,
    Event: "CreateActivity",
    ipAddress: null,
    platform: "web",
    userAgent: "",
    Action: event.action,
    Item: event.activityId,
    ItemName: event.itemName,
    ItemKey: event.itemKey ?? null,
    Data: event.data ?? {},
    CreatedAt: FieldValue.serverTimestamp(),
  });
  batch.set(userRef(event.uid), { hasActivities: true, lastActivityAt: FieldValue.serverTimestamp() }, { merge: true });
}

/** Records a CreateActivity event on its own; a second call for the same reference changes nothing. */
export async function recordActivityCreated(event: ActivityCreated): Promise<void> {
  const batch = newBatch();
  addActivityCreated(batch, event);
  try {
    await batch.commit();
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
}

/** A user's events, newest first (the admin user view's activity history). */
export async function userEventsOf(uid: string, limit: number): Promise<{ id: string; data: UserEventDoc }[]> {
  const snapshot = await userEventsCollection()
    .where("UserId", "==", uid)
    .orderBy("CreatedAt", "desc")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}
