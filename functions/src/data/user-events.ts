import { FieldValue } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZStoredInstant, ZText } from "./fields";

/** userEvents/{id}: sessions, logins and CreateActivity events shown in the admin user view. */
export const ZUserEventDoc = z.object({
  UserId: ZText,
  Event: ZText,
  ipAddress: ZText,
  platform: ZText,
  userAgent: z.string().catch(""),
  /** CreateActivity: the catalogue action and item the user started (shown translated). */
  Action: ZText.optional(),
  Item: ZText.optional(),
  /** Any other event's data, shown raw in the admin user view. */
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

/** A user's events, newest first (the admin user view's activity history). */
export async function userEventsOf(uid: string, limit: number): Promise<{ id: string; data: UserEventDoc }[]> {
  const snapshot = await userEventsCollection()
    .where("UserId", "==", uid)
    .orderBy("CreatedAt", "desc")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}
