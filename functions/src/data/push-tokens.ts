import { z } from "zod";
import { typedCollection } from "./collection";
import { ZText } from "./fields";

/** pushTokens/{id}: a device's messaging token of a user. */
export const ZPushTokenDoc = z.object({ UserId: ZText, token: ZText });
export type PushTokenDoc = z.output<typeof ZPushTokenDoc>;

export const pushTokensCollection = typedCollection("pushTokens", ZPushTokenDoc);

/** One device's token, or null when it is no longer registered. */
export async function pushTokenById(id: string): Promise<string | null> {
  return (await pushTokensCollection().doc(id).get()).data()?.token || null;
}

/** The device tokens of one user. */
export async function pushTokensOf(uid: string): Promise<string[]> {
  const snapshot = await pushTokensCollection().where("UserId", "==", uid).get();
  return snapshot.docs.flatMap((doc) => doc.data().token ?? []);
}
