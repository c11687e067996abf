import { Timestamp } from "firebase-admin/firestore";
import { createNotificationOnce } from "../../../data/notifications";
import type { ChannelSender } from "./channel-sender";

/**
 * In-app messages (notifications/{id}, the resident's messages page). The notification's id is the
 * message's, so a retry after a lost answer finds it instead of adding a second one.
 */
export const inAppSender: ChannelSender = {
  channel: "inApp",
  send: async ({ id, message }) => {
    const uid = message.to.uid;
    if (!uid) return { status: "failed", reason: "inApp: the message names no portal user" };
    await createNotificationOnce(id, {
      userId: uid,
      title: message.content.subject,
      body: message.content.text,
      createdAt: Timestamp.now(),
      about: message.about ?? undefined,
    });
    return { status: "delivered", providerId: id };
  },
};
