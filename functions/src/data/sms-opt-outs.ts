import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZFlag, ZText, ZTimestamp } from "./fields";

/**
 * smsOptOuts/{E.164 number}: whether a number texted a stop word to the city's number (and not START
 * since). It is the number's choice, not an account's: every account with that number stops getting texts.
 */
export const ZSmsOptOutDoc = z.object({ optedOut: ZFlag, word: ZText, changedAt: ZTimestamp });
export const smsOptOutsCollection = typedCollection("smsOptOuts", ZSmsOptOutDoc);

/** Why a text to a stopped number is not sent: its message's reason, with the status `opted_out`. */
export const TEXTS_STOPPED_REASON = "sms: the number texted STOP";

export async function setSmsOptOut(phone: string, optedOut: boolean, word: string): Promise<void> {
  await smsOptOutsCollection().doc(phone).set({ optedOut, word, changedAt: Timestamp.now() });
}

/** Whether texts to this number are stopped. */
export async function isSmsOptedOut(phone: string): Promise<boolean> {
  return (await smsOptOutsCollection().doc(phone).get()).data()?.optedOut === true;
}

/**
 * Every number that is stopped now: one read per stopped number, whoever asks (a bulk send reads
 * them once instead of one read per person who chose texts).
 */
export async function allOptedOutNumbers(): Promise<Set<string>> {
  const snapshot = await smsOptOutsCollection().where("optedOut", "==", true).get();
  return new Set(snapshot.docs.map((doc) => doc.id));
}

/** Of some numbers, those that are stopped (one read per number, all at once). */
export async function optedOutNumbers(phones: string[]): Promise<Set<string>> {
  const unique = [...new Set(phones.filter(Boolean))];
  if (unique.length === 0) return new Set();
  const refs = unique.map((phone) => smsOptOutsCollection().doc(phone));
  const stopped = new Set<string>();
  for (let start = 0; start < refs.length; start += 300) {
    const group = refs.slice(start, start + 300);
    const snapshots = await (group[0] as (typeof group)[number]).firestore.getAll(...group);
    for (const snapshot of snapshots)
      if (snapshot.exists && snapshot.data()?.optedOut === true) stopped.add(snapshot.id);
  }
  return stopped;
}
