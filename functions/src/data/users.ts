import { type DocumentSnapshot, FieldPath, type PartialWithFieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import {
  type AdminUserRow,
  SORT_FIELD_OF,
  searchKeyOf,
  type UserSortField,
  userSearchFields,
} from "../contract/admin-users";
import { newBatch, typedCollection } from "./collection";
import { ZFlag, ZText, ZTimestamp } from "./fields";

const ZStoredAddress = z
  .object({ address1: ZText, address2: ZText, city: ZText, state: ZText, zip: ZText })
  .nullable()
  .catch(null);

const ZNotificationPreference = z.object({ enabled: ZFlag, optedOut: ZFlag });

const ZChannels = z.object({ inApp: ZFlag, email: ZFlag, text: ZFlag });

/** users/{uid}: the portal's record of a user (the identity itself is in Firebase Auth). */
export const ZUserDoc = z.object({
  Id: ZText,
  Email: ZText,
  FirstName: ZText,
  LastName: ZText,
  PhoneNumber: ZText,
  /** Kept in step with the `admin` custom claim by the admin user-edit route. */
  Admin: ZFlag,
  /** Kept in step with the `staff` custom claim (the console, issue 31) by the admin user-edit route. */
  Staff: ZFlag,
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
  /** Channels per topic (contract/message-preferences.ts); null until the resident first chooses. */
  messagePrefs: z.object({ bills: ZChannels, cases: ZChannels, alerts: ZChannels }).nullable().catch(null),
  /** The number the resident confirmed with a one-time code (E.164): the only one texts go to. */
  textPhone: ZText,
  textPhoneConfirmedAt: ZTimestamp,
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
  const fields = staleSearchFields(snapshot);
  if (fields) await userRef(uid).set(fields, { merge: true });
}

/** The search fields (and Id) a stored user should carry, or null when it carries them already. */
function staleSearchFields(snapshot: DocumentSnapshot<UserDoc>) {
  const data = snapshot.data();
  if (!data) return null;
  const fields = userSearchFields(data);
  const stored = snapshot.get("searchKeys");
  const unchanged =
    Array.isArray(stored) &&
    stored.join("\n") === fields.searchKeys.join("\n") &&
    Object.entries(fields).every(([key, value]) => key === "searchKeys" || snapshot.get(key) === value);
  // Id too: the search orders by it to break ties, and a record written without it would be missed.
  return unchanged && snapshot.get("Id") === snapshot.id ? null : { ...fields, Id: snapshot.id };
}

/** gRPC FAILED_PRECONDITION (the record changed since it was read) or NOT_FOUND (it was deleted). */
const changedSinceRead = (error: unknown) => [5, 9].includes((error as { code?: number } | null)?.code ?? 0);

/**
 * One page of users in id order after `after`, writing the search fields of those that miss them
 * or carry stale ones (users written before the search existed) in one batch. Each write is
 * conditional on the record being unchanged since it was read, so it never puts back the keys of a
 * name a concurrent edit just changed (that edit refreshes them itself); if one was, the page's
 * writes are made one by one and the changed record is left alone.
 */
export async function backfillUserSearchFieldsPage(
  after: string | null,
  size: number,
): Promise<{ scanned: number; updated: number; last: string | null }> {
  let query = usersCollection().orderBy(FieldPath.documentId()).limit(size);
  if (after) query = query.startAfter(after);
  const snapshot = await query.get();
  const writes = snapshot.docs.flatMap((doc) => {
    const fields = staleSearchFields(doc);
    return fields ? [{ ref: doc.ref, fields, readAt: doc.updateTime }] : [];
  });
  let updated = writes.length;
  if (writes.length > 0) {
    const batch = newBatch();
    for (const { ref, fields, readAt } of writes) batch.update(ref, fields, { lastUpdateTime: readAt });
    try {
      await batch.commit();
    } catch (error) {
      if (!changedSinceRead(error)) throw error;
      const results = await Promise.allSettled(
        writes.map(({ ref, fields, readAt }) => ref.update(fields, { lastUpdateTime: readAt })),
      );
      const failure = results.find((result) => result.status === "rejected" && !changedSinceRead(result.reason));
      if (failure?.status === "rejected") throw failure.reason;
      updated = results.filter((result) => result.status === "fulfilled").length;
    }
  }
  return { scanned: snapshot.size, updated, last: snapshot.docs.at(-1)?.id ?? null };
}

/** The fields of a users table row (contract/admin-users.ts AdminUserRow). */
const ROW_FIELDS = ["Email", "FirstName", "LastName", "PhoneNumber", "SalesforceId", "Admin"] as const;

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
  // Only the table's columns and the cursor's field: not the 40-odd search keys of every row.
  const columns = page.select(...ROW_FIELDS, sortField);
  const [snapshot, count] = await Promise.all([columns.limit(search.pageSize + 1).get(), base.count().get()]);
  const docs = snapshot.docs.slice(0, search.pageSize);
  const last = docs.at(-1);
  return {
    rows: docs.map((doc) => ({
      Id: doc.id,
      Email: ZText.parse(doc.get("Email")),
      FirstName: ZText.parse(doc.get("FirstName")),
      LastName: ZText.parse(doc.get("LastName")),
      PhoneNumber: ZText.parse(doc.get("PhoneNumber")),
      SalesforceId: ZText.parse(doc.get("SalesforceId")),
      Admin: ZFlag.parse(doc.get("Admin")),
    })),
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

/** The city administrators (users/{uid}.Admin, kept in step with the admin claim), as ids. */
export async function adminUserIds(): Promise<string[]> {
  const snapshot = await usersCollection().where("Admin", "==", true).select().get();
  return snapshot.docs.map((doc) => doc.id);
}

/** When the user's activities last changed, in epoch ms (0: never). */
export async function userActivitiesChangedAt(uid: string): Promise<number> {
  return (await readUser(uid))?.activitiesChangedAt?.toMillis() ?? 0;
}

/** The fields the staff console finds a person by exactly (issue 31). */
export type PersonLookupField = "sortPhoneNumber" | "textPhone" | "SalesforceId";

/** Users whose `field` equals `value` (at most `limit`): the console's phone and CRM-contact lookups. */
export async function usersWhere(
  field: PersonLookupField,
  value: string,
  limit = 10,
): Promise<{ id: string; data: UserDoc }[]> {
  const snapshot = await usersCollection().where(field, "==", value).limit(limit).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** The portal users of these CRM contacts (users/{uid}.SalesforceId), 30 contacts per query. */
export async function usersOfContacts(contactIds: string[]): Promise<{ uid: string; data: UserDoc }[]> {
  const ids = [...new Set(contactIds)];
  const pages = await Promise.all(
    Array.from({ length: Math.ceil(ids.length / 30) }, (_, index) =>
      usersCollection()
        .where("SalesforceId", "in", ids.slice(index * 30, index * 30 + 30))
        .get(),
    ),
  );
  return pages.flatMap((page) => page.docs.map((doc) => ({ uid: doc.id, data: doc.data() })));
}
