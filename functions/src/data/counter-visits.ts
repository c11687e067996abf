import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { COUNTER_SERVICES } from "../contract/counter";
import { isAlreadyExists, runTransaction, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * counterVisits/{service}_{day}_{HHmm}: a booked visit to City Hall's counter (issue 31). The id is
 * the slot, so `create()` lets one person have it: a second booking of the same slot fails.
 */
export const ZCounterVisitDoc = z.object({
  uid: z.string().catch(""),
  service: z.enum(COUNTER_SERVICES).catch("records"),
  day: z.string().catch(""),
  time: z.string().catch(""),
  startsAt: ZTimestamp,
  name: ZText,
  email: ZText,
  createdAt: ZTimestamp,
  checkedInAt: ZTimestamp,
  checkedInBy: ZText,
});
export type CounterVisitDoc = z.output<typeof ZCounterVisitDoc>;

const counterVisitsCollection = typedCollection("counterVisits", ZCounterVisitDoc);

export const counterVisitId = (service: string, day: string, time: string) =>
  `${service}_${day}_${time.replace(":", "")}`;

/** Books a slot; false when someone holds it already. */
export async function bookCounterVisit(
  visit: Omit<CounterVisitDoc, "createdAt" | "checkedInAt" | "checkedInBy" | "startsAt"> & { startsAt: Date },
): Promise<{ id: string; created: boolean }> {
  const id = counterVisitId(visit.service, visit.day, visit.time);
  try {
    await counterVisitsCollection()
      .doc(id)
      .create({
        ...visit,
        startsAt: Timestamp.fromDate(visit.startsAt),
        createdAt: Timestamp.now(),
        checkedInAt: null,
        checkedInBy: null,
      });
    return { id, created: true };
  } catch (error) {
    if (isAlreadyExists(error)) return { id, created: false };
    throw error;
  }
}

export async function readCounterVisit(id: string): Promise<CounterVisitDoc | undefined> {
  return (await counterVisitsCollection().doc(id).get()).data();
}

/** The visits of one day (every service), in time order. */
export async function counterVisitsOfDay(day: string): Promise<{ id: string; data: CounterVisitDoc }[]> {
  const snapshot = await counterVisitsCollection().where("day", "==", day).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .sort((a, b) => a.data.time.localeCompare(b.data.time) || a.id.localeCompare(b.id));
}

/** A person's visits, soonest first. */
export async function counterVisitsOfUser(uid: string): Promise<{ id: string; data: CounterVisitDoc }[]> {
  const snapshot = await counterVisitsCollection().where("uid", "==", uid).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .sort((a, b) => `${a.data.day}${a.data.time}`.localeCompare(`${b.data.day}${b.data.time}`));
}

/** Marks a visit checked in (once); answers the visit as it is now, or undefined when there is none. */
export async function checkInCounterVisit(
  id: string,
  by: string,
): Promise<{ before: CounterVisitDoc; after: CounterVisitDoc } | undefined> {
  return runTransaction(async (transaction) => {
    const ref = counterVisitsCollection().doc(id);
    const before = (await transaction.get(ref)).data();
    if (!before) return undefined;
    if (before.checkedInAt) return { before, after: before };
    const changes = { checkedInAt: Timestamp.now(), checkedInBy: by };
    transaction.update(ref, changes);
    return { before, after: { ...before, ...changes } };
  });
}
