import type { DocumentReference } from "firebase-admin/firestore";
import { billingAccountsCollection } from "./billing-accounts";
import { newBatch } from "./collection";
import { garbageRemindersCollection } from "./garbage-reminders";
import { notificationsCollection } from "./notifications";
import { orgMembersCollection } from "./org-members";
import { outboxCollection } from "./outbox";
import { pushTokensCollection } from "./push-tokens";
import { userEventsCollection } from "./user-events";
import { userRef } from "./users";

/** Every portal document that belongs to a user, in the collections that hold per-user data. */
async function userDocuments(uid: string): Promise<DocumentReference[]> {
  // Older writers spelled the owner field userId; both are searched.
  const owned = [
    orgMembersCollection().where("UserId", "==", uid),
    notificationsCollection().where("UserId", "==", uid),
    notificationsCollection().where("userId", "==", uid),
    pushTokensCollection().where("UserId", "==", uid),
    pushTokensCollection().where("userId", "==", uid),
    billingAccountsCollection().where("userId", "==", uid),
    // Form submissions waiting for the CRM: they carry the user's answers.
    outboxCollection().where("uid", "==", uid),
    userEventsCollection().where("UserId", "==", uid),
    userEventsCollection().where("userId", "==", uid),
    garbageRemindersCollection().where("UserId", "==", uid),
  ];
  const refs = new Map<string, DocumentReference>();
  for (const query of owned) {
    const snapshot = await query.get();
    for (const doc of snapshot.docs) refs.set(doc.ref.path, doc.ref);
  }
  refs.set(userRef(uid).path, userRef(uid));
  return [...refs.values()];
}

/** Deletes users/{uid} and every document that belongs to the user; answers how many. */
export async function deleteUserData(uid: string): Promise<number> {
  const refs = await userDocuments(uid);
  for (let start = 0; start < refs.length; start += 400) {
    const batch = newBatch();
    for (const ref of refs.slice(start, start + 400)) batch.delete(ref);
    await batch.commit();
  }
  return refs.length;
}
