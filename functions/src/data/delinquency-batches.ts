import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { DelinquencyBatchStatus } from "../contract/delinquency";
import { billingAccountsCollection } from "./billing-accounts";
import { typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";
import { notificationsCollection } from "./notifications";
import { pushTokensCollection } from "./push-tokens";
import { usersCollection } from "./users";

/**
 * delinquencyBatches/{id}: one sent delinquency file (spec 3 §3: Id, processed, createdAt, data).
 * `data` is the verified summary and the accounts dropped at send time, as JSON text.
 */
export const ZDelinquencyBatchDoc = z.object({
  createdAt: ZTimestamp,
  createdBy: ZText,
  status: z.enum(["queued", "sending", "done"]).catch("done"),
  data: z.string().catch("{}"),
  /** Who to notify: one entry per (row, portal user). */
  recipients: z.array(z.object({ row: z.number(), userId: z.string() })).catch([]),
  usersReached: ZCount,
  delivered: ZCount,
  failed: ZCount,
  sentAt: ZTimestamp,
});
export type DelinquencyBatchDoc = z.output<typeof ZDelinquencyBatchDoc>;

export const delinquencyBatchesCollection = typedCollection("delinquencyBatches", ZDelinquencyBatchDoc);

export async function listDelinquencyBatches(): Promise<{ id: string; data: DelinquencyBatchDoc }[]> {
  const snapshot = await delinquencyBatchesCollection().orderBy("createdAt", "desc").limit(200).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

export async function readDelinquencyBatch(id: string): Promise<DelinquencyBatchDoc | undefined> {
  return (await delinquencyBatchesCollection().doc(id).get()).data();
}

export async function createDelinquencyBatch(
  fields: Pick<DelinquencyBatchDoc, "createdBy" | "data" | "recipients">,
): Promise<string> {
  const ref = delinquencyBatchesCollection().doc();
  await ref.create({
    ...fields,
    createdAt: Timestamp.now(),
    status: "queued" as DelinquencyBatchStatus,
    usersReached: 0,
    delivered: 0,
    failed: 0,
    sentAt: null,
  });
  return ref.id;
}

export async function unfinishedDelinquencyBatches(): Promise<string[]> {
  const snapshot = await delinquencyBatchesCollection().where("status", "in", ["queued", "sending"]).get();
  return snapshot.docs.map((doc) => doc.id);
}

export async function updateDelinquencyBatch(id: string, fields: Partial<Record<keyof DelinquencyBatchDoc, unknown>>) {
  await delinquencyBatchesCollection()
    .doc(id)
    .update(fields as FirebaseFirestore.UpdateData<DelinquencyBatchDoc>);
}

/** Creates an in-app message once: false when it exists (a restarted send). */
export async function createMessageOnce(
  id: string,
  message: { userId: string; title: string; body: string },
): Promise<boolean> {
  try {
    await notificationsCollection().doc(id).create({
      UserId: message.userId,
      Title: message.title,
      Body: message.body,
      CreatedAt: Timestamp.now(),
      ReadAt: null,
      SObjectType: null,
      SalesforceId: null,
    });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false;
    throw error;
  }
}

/** Every user link of a water account, keyed "customer-location" (ids without leading zeros). */
export async function accountHolders(): Promise<Map<string, string[]>> {
  const snapshot = await billingAccountsCollection().get();
  const holders = new Map<string, string[]>();
  for (const doc of snapshot.docs) {
    const { userId, customerId, locationId } = doc.data();
    if (!userId || !customerId || !locationId) continue;
    const key = `${Number(customerId)}-${Number(locationId)}`;
    const list = holders.get(key) ?? [];
    if (!list.includes(userId)) list.push(userId);
    holders.set(key, list);
  }
  return holders;
}

/** Users by id (missing ones left out), read in chunks. */
export async function usersByIds(uids: string[]) {
  const found = new Map<
    string,
    { name: string; email: string; phone: string; language: string | null; shutoffWarnings: boolean }
  >();
  for (let start = 0; start < uids.length; start += 300) {
    const refs = uids.slice(start, start + 300).map((uid) => usersCollection().doc(uid));
    if (refs.length === 0) continue;
    const snapshots = await (refs[0] as (typeof refs)[number]).firestore.getAll(...refs);
    for (const snapshot of snapshots) {
      const data = snapshot.exists ? snapshot.data() : undefined;
      if (!data) continue;
      const prefs = (data.notificationPrefs ?? {}) as Record<string, { enabled?: boolean }>;
      found.set(snapshot.id, {
        name: [data.FirstName, data.LastName].filter(Boolean).join(" "),
        email: String(data.Email ?? ""),
        phone: String(data.PhoneNumber ?? ""),
        language: typeof data.Language === "string" ? data.Language : null,
        shutoffWarnings: prefs.shutoffWarning?.enabled === true,
      });
    }
  }
  return found;
}

/** Push tokens of some users (for a small audience: one query per user). */
export async function pushTokensOfUsers(uids: string[]) {
  const tokens: { id: string; userId: string; token: string }[] = [];
  for (const uid of uids) {
    const snapshot = await pushTokensCollection().where("UserId", "==", uid).get();
    for (const doc of snapshot.docs) {
      const token = doc.data().token;
      if (token) tokens.push({ id: doc.id, userId: uid, token });
    }
  }
  return tokens;
}
