import { FieldPath, FieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import {
  DELINQUENCY_ROWS_PER_CHUNK,
  type DelinquencyBatchStatus,
  type DelinquencyRow,
  type DroppedAccount,
} from "../contract/delinquency";
import { billingAccountsCollection } from "./billing-accounts";
import { newBatch, typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";
import { newMessage, notificationsCollection } from "./notifications";
import { pushTokensCollection } from "./push-tokens";
import { usersCollection } from "./users";

/**
 * delinquencyBatches/{id}: one sent delinquency file (spec 3 §3: Id, processed, createdAt, data).
 * The verified rows live in delinquencyBatchRows (DELINQUENCY_ROWS_PER_CHUNK rows a document), so a
 * file of any size fits; this document keeps the counts, the first errors and the send's progress.
 */
export const ZDelinquencyBatchDoc = z.object({
  createdAt: ZTimestamp,
  createdBy: ZText,
  status: z.enum(["queued", "sending", "done"]).catch("done"),
  counts: z
    .object({ rows: ZCount, valid: ZCount, invalid: ZCount, withPortalUser: ZCount })
    .catch({ rows: 0, valid: 0, invalid: 0, withPortalUser: 0 }),
  /** The first DELINQUENCY_LISTED_MAX row-level errors; errorCount says how many there are. */
  errors: z.array(z.string()).catch([]),
  errorCount: ZCount,
  /** How many delinquencyBatchRows documents hold the rows. */
  chunks: ZCount,
  /** Chunks re-checked with billing and given their in-app messages (each commits with its chunk). */
  inboxCursor: ZCount,
  /** The first DELINQUENCY_LISTED_MAX accounts the re-check left out; droppedCount says how many. */
  dropped: z
    .array(z.object({ row: z.number(), accountNumber: z.string(), reason: z.enum(["paid", "autopay"]) }))
    .catch([]),
  droppedCount: ZCount,
  usersReached: ZCount,
  delivered: ZCount,
  failed: ZCount,
  sentAt: ZTimestamp,
});
export type DelinquencyBatchDoc = z.output<typeof ZDelinquencyBatchDoc>;

export const delinquencyBatchesCollection = typedCollection("delinquencyBatches", ZDelinquencyBatchDoc);

/**
 * delinquencyBatchRows/{batchId}_{index}: rows index*N+1 .. (index+1)*N of a batch (N =
 * DELINQUENCY_ROWS_PER_CHUNK) as JSON text (DelinquencyRow[]), read by id only, never queried.
 */
export const ZDelinquencyRowsDoc = z.object({
  batchId: ZText,
  index: ZCount,
  rows: z.string().catch("[]"),
});

export const delinquencyRowsCollection = typedCollection("delinquencyBatchRows", ZDelinquencyRowsDoc);

const chunkId = (batchId: string, index: number) => `${batchId}_${String(index).padStart(5, "0")}`;

export async function listDelinquencyBatches(): Promise<{ id: string; data: DelinquencyBatchDoc }[]> {
  const snapshot = await delinquencyBatchesCollection().orderBy("createdAt", "desc").limit(200).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

export async function readDelinquencyBatch(id: string): Promise<DelinquencyBatchDoc | undefined> {
  return (await delinquencyBatchesCollection().doc(id).get()).data();
}

/** Some chunks of a batch's rows, in order (a missing chunk reads as no rows). */
export async function readDelinquencyChunks(batchId: string, indexes: number[]): Promise<DelinquencyRow[][]> {
  if (indexes.length === 0) return [];
  const refs = indexes.map((index) => delinquencyRowsCollection().doc(chunkId(batchId, index)));
  const snapshots = await (refs[0] as (typeof refs)[number]).firestore.getAll(...refs);
  return snapshots.map((snapshot) => JSON.parse(snapshot.data()?.rows ?? "[]") as DelinquencyRow[]);
}

/**
 * Stores a verified file: its row chunks first (ten a commit), then the batch document, so the job
 * never sees a batch whose rows are not all there.
 */
export async function createDelinquencyBatch(
  fields: Pick<DelinquencyBatchDoc, "createdBy" | "counts" | "errors" | "errorCount">,
  rows: DelinquencyRow[],
): Promise<string> {
  const ref = delinquencyBatchesCollection().doc();
  const chunks: DelinquencyRow[][] = [];
  for (let start = 0; start < rows.length; start += DELINQUENCY_ROWS_PER_CHUNK) {
    chunks.push(rows.slice(start, start + DELINQUENCY_ROWS_PER_CHUNK));
  }
  for (let first = 0; first < chunks.length; first += 10) {
    const batch = newBatch();
    chunks.slice(first, first + 10).forEach((chunk, offset) => {
      const index = first + offset;
      batch.set(delinquencyRowsCollection().doc(chunkId(ref.id, index)), {
        batchId: ref.id,
        index,
        rows: JSON.stringify(chunk),
      });
    });
    await batch.commit();
  }
  await ref.create({
    ...fields,
    createdAt: Timestamp.now(),
    status: "queued" as DelinquencyBatchStatus,
    chunks: chunks.length,
    inboxCursor: 0,
    dropped: [],
    droppedCount: 0,
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

/**
 * One chunk re-checked and its in-app messages written, in one commit with the chunk's rows (their
 * dropped marks) and the batch's cursor: a restarted send neither skips nor repeats a message.
 */
export async function commitDelinquencyChunk(
  batchId: string,
  index: number,
  rows: DelinquencyRow[],
  messages: { id: string; userId: string; title: string; body: string }[],
  dropped: DroppedAccount[],
  listedDropped: DroppedAccount[],
): Promise<void> {
  const batch = newBatch();
  const now = Timestamp.now();
  for (const message of messages) {
    batch.create(notificationsCollection().doc(message.id), newMessage({ ...message, createdAt: now }));
  }
  batch.update(delinquencyRowsCollection().doc(chunkId(batchId, index)), { rows: JSON.stringify(rows) });
  batch.update(delinquencyBatchesCollection().doc(batchId), {
    inboxCursor: index + 1,
    droppedCount: FieldValue.increment(dropped.length),
    ...(listedDropped.length > 0 ? { dropped: FieldValue.arrayUnion(...listedDropped) } : {}),
  });
  await batch.commit();
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

/** Users by id (missing ones left out), read in groups of 200 by id, four groups in flight. */
export async function usersByIds(uids: string[]) {
  const found = new Map<
    string,
    {
      name: string;
      email: string;
      phone: string;
      language: string | null;
      /** The confirmed text number (E.164) when the user chose texts for bills and shut-off notices. */
      billsTextPhone: string | null;
      /** The user chose email for bills and shut-off notices (the default). */
      billsEmail: boolean;
    }
  >();
  const groups: string[][] = [];
  for (let start = 0; start < uids.length; start += 200) groups.push(uids.slice(start, start + 200));
  let next = 0;
  const reader = async () => {
    for (let group = groups[next++]; group; group = groups[next++]) await readGroup(group);
  };
  const readGroup = async (group: string[]) => {
    const refs = group.map((uid) => usersCollection().doc(uid));
    const snapshots = await (refs[0] as (typeof refs)[number]).firestore.getAll(...refs);
    for (const snapshot of snapshots) {
      const data = snapshot.exists ? snapshot.data() : undefined;
      if (!data) continue;
      found.set(snapshot.id, {
        name: [data.FirstName, data.LastName].filter(Boolean).join(" "),
        email: String(data.Email ?? ""),
        phone: String(data.PhoneNumber ?? ""),
        language: typeof data.Language === "string" ? data.Language : null,
        billsTextPhone: data.textPhone && data.messagePrefs?.bills.text === true ? data.textPhone : null,
        billsEmail: data.messagePrefs ? data.messagePrefs.bills.email : true,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, groups.length) }, reader));
  return found;
}

/**
 * The push tokens of some users: `in` queries of 30 users for a few of them, else one pass over every
 * token in pages of 1000 (fewer, bigger reads than a query per user).
 */
export async function pushTokensOfUsers(uids: Set<string>) {
  const tokens: { id: string; userId: string; token: string }[] = [];
  const keep = (doc: FirebaseFirestore.QueryDocumentSnapshot<{ UserId?: unknown; token?: unknown }>) => {
    const { UserId, token } = doc.data();
    if (typeof UserId === "string" && uids.has(UserId) && typeof token === "string" && token) {
      tokens.push({ id: doc.id, userId: UserId, token });
    }
  };
  const list = [...uids];
  if (list.length <= 300) {
    for (let start = 0; start < list.length; start += 30) {
      const snapshot = await pushTokensCollection()
        .where("UserId", "in", list.slice(start, start + 30))
        .get();
      snapshot.docs.forEach(keep);
    }
    return tokens;
  }
  for (let cursor: string | null = null; ; ) {
    let query = pushTokensCollection().orderBy(FieldPath.documentId()).limit(1000);
    if (cursor) query = query.startAfter(cursor);
    const snapshot = await query.get();
    snapshot.docs.forEach(keep);
    if (snapshot.size < 1000) break;
    cursor = snapshot.docs.at(-1)?.id ?? null;
  }
  return tokens;
}
