import { type PartialWithFieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZFlag, ZText, ZTimestamp } from "./fields";

const ZStoredAddress = z
  .object({ address1: ZText, address2: ZText, city: ZText, state: ZText, zip: ZText })
  .nullable()
  .catch(null);

const ZNotificationPreference = z.object({ enabled: ZFlag, optedOut: ZFlag });

/** users/{uid}: the portal's record of a user (the identity itself is in Firebase Auth). */
export const ZUserDoc = z.object({
  Id: ZText,
  Email: ZText,
  FirstName: ZText,
  LastName: ZText,
  PhoneNumber: ZText,
  /** Kept in step with the `admin` custom claim by the admin user-edit route. */
  Admin: ZFlag,
  Verified: ZFlag,
  Language: ZText,
  isLanguageOverwrittenByDropdown: ZFlag,
  ProfilePictureUrl: ZText,
  /** The object name of the picture in the bucket (ProfilePictureUrl is its API path). */
  ProfilePictureObject: ZText,
  /** The CRM contact id; set by account creation (step 2), the user is onboarded from then on. */
  SalesforceId: ZText,
  /** The CRM contact made or matched at sign-up. */
  CrmContactId: ZText,
  created_at: ZTimestamp,
  salesforceContact: ZStoredAddress,
  additionalProperties: z.array(z.record(z.string(), z.unknown())).catch([]),
  notificationPrefs: z.record(z.string(), ZNotificationPreference).catch({}),
  /** When the portal itself last changed the user's CRM activities (cache invalidation). */
  activitiesChangedAt: ZTimestamp,
});
export type UserDoc = z.output<typeof ZUserDoc>;

export const usersCollection = typedCollection("users", ZUserDoc);
export const userRef = (uid: string) => usersCollection().doc(uid);

/** users/{uid}, or undefined when it is not written yet. */
export async function readUser(uid: string): Promise<UserDoc | undefined> {
  return (await userRef(uid).get()).data();
}

/** Writes some fields of users/{uid}, creating it when missing. */
export async function mergeUser(uid: string, fields: PartialWithFieldValue<UserDoc>): Promise<void> {
  await userRef(uid).set(fields, { merge: true });
}

/** Users in email order, for the administration list. */
export async function listUsers(limit: number): Promise<{ id: string; data: UserDoc }[]> {
  const snapshot = await usersCollection().orderBy("Email").limit(limit).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** Tells every function instance that a user's CRM activities changed (see activitiesChangedAt). */
export async function markUserActivitiesChanged(uid: string): Promise<void> {
  await mergeUser(uid, { activitiesChangedAt: Timestamp.now() });
}

/** When the user's activities last changed, in epoch ms (0: never). */
export async function userActivitiesChangedAt(uid: string): Promise<number> {
  return (await readUser(uid))?.activitiesChangedAt?.toMillis() ?? 0;
}
