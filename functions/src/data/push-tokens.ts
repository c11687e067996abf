import { z } from "zod";
import { typedCollection } from "./collection";
import { ZText } from "./fields";

/** pushTokens/{id}: a device's messaging token of a user. */
export const ZPushTokenDoc = z.object({ UserId: ZText, token: ZText });
export type PushTokenDoc = z.output<typeof ZPushTokenDoc>;

export const pushTokensCollection = typedCollection("pushTokens", ZPushTokenDoc);
