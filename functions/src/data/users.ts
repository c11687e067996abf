import { type PartialWithFieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import {
  type AdminUserRow,
  SORT_FIELD_OF,
  searchKeyOf,
  type UserSortField,
  userSearchFields,
} from "../contract/admin-users";
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
  /** Who last switched Admin on or off, and when (the admin user edit page). */
  AdminChangedBy: z
    .object({ uid: z.string().catch(""), email: z.string().nullable().catch(null) })
    .nullable()
    .catch(null),
  AdminChangedAt: ZTimestamp,
  /** Set when the user creates an activity (data/user-events.ts addActivityCreated): the noActivities audience. */
  hasActivities: ZFlag,
  lastActivityAt: ZTimestamp,
  /** The administration search's fields (contract/admin-users.ts userSearchFields), kept by refreshUserSearchFields. */
  searchKeys: z.array(z.string()).catch([]),
});
export type UserDoc = z.output<typeof ZUserDoc>;

export const usersCollection = typedCollection("users", ZUserDoc);
export const userRef = (uid: string) => usersCollection().doc(uid);

/** users/{uid}, or undefined when it is not written yet. */
export async function readUser(uid: string): Promise<UserDoc | undefined> {
  return (await userRef(uid).get()).data();
}

const SEARCHED: readonly string[] = ["Id", "Email", "FirstName", "LastName", "PhoneNumber", "SalesforceId"];

/** Writes some fields of users/{uid}, creating it when missing (and keeps its search fields current). */
export async function mergeUser(uid: string, fields: PartialWithFieldValue<UserDoc>): Promise<void> {
  await userRef(uid).set(fields, { merge: true });
  if (Object.keys(fields).some((key) => SEARCHED.includes(key))) await refreshUserSearchFields(uid);
}

/**
 * Recomputes users/{uid}'s search and sort fields from its stored names, email, phone and CRM id.
 * Every writer of those fields calls it after writing (mergeUser does), and the seed writes them.
 */
export async function refreshUserSearchFields(uid: string): Promise<void> {
  const snapshot = await usersCollection().doc(uid).get();
  const data = snapshot.data();
  if (!data) return;
  const fields = userSearchFields(data);
  const stored = snapshot.get("searchKeys");
  const unchanged =
    Array.isArray(stored) &&
    stored.join("\n") === fields.searchKeys.join("\n") &&
    Object.entries(fields).every(([key, value]) => key === "searchKeys" || snapshot.get(key) === value);
  // Id too: the search orders by it to break ties, and a record written without it would be missed.
  if (!unchanged || snapshot.get("Id") !== uid) await userRef(uid).set({ ...fields, Id: uid }, { merge: true });
}

export interface UserSearch {
  term: string | undefined;
  sortBy: UserSortField;
  direction: "asc" | "desc";
  pageSize: number;
  /** The last row of the previous page: its sort value and id. */
  after: [string, string] | null;
}

export interface UserSearchResult {
  rows: AdminUserRow[];
  total: number;
  /** The cursor after the last row, or null when no row follows. */
  next: [string, string] | null;
}

/**
 * One page of users for the administration table: a prefix of the email, first or last name
 * (case-insensitive), sorted by a column (case-insensitive, ties by id), paged by cursor.
 */
export async function searchUsers(search: UserSearch): Promise<UserSearchResult> {
  const sortField = SORT_FIELD_OF[search.sortBy];
  const key = search.term ? searchKeyOf(search.term) : "";
  const base = key ? usersCollection().where("searchKeys", "array-contains", key) : usersCollection();
  const ordered = base.orderBy(sortField, search.direction).orderBy("Id", search.direction);
  const page = search.after ? ordered.startAfter(...search.after) : ordered;
  const [snapshot, count] = await Promise.all([page.limit(search.pageSize + 1).get(), base.count().get()]);
  const docs = snapshot.docs.slice(0, search.pageSize);
  const last = docs.at(-1);
  return {
    rows: docs.map((doc) => {
      const data = doc.data();
      return {
        Id: doc.id,
        Email: data.Email,
        FirstName: data.FirstName,
        LastName: data.LastName,
        PhoneNumber: data.PhoneNumber,
        SalesforceId: data.SalesforceId,
        Admin: data.Admin,
      };
    }),
    total: count.data().count,
    next: last && snapshot.docs.length > search.pageSize ? [String(last.get(sortField) ?? ""), last.id] : null,
  };
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

/** Users who created an activity through the portal (hasActivities), read as ids only. */
export async function usersWithActivities(): Promise<Set<string>> {
  const snapshot = await usersCollection().where("hasActivities", "==", true).select().get();
  return new Set(snapshot.docs.map((doc) => doc.id));
}

/** When the user's activities last changed, in epoch ms (0: never). */
export async function userActivitiesChangedAt(uid: string): Promise<number> {
  return (await readUser(uid))?.activitiesChangedAt?.toMillis() ?? 0;
}
