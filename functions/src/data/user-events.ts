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
