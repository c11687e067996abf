import { createHash, randomBytes } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { type PaymentLinkItem, ZPaymentLinkItem } from "../contract/payment-links";
import { runTransaction, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * paymentLinks/{sha256 of the token}: a link staff sent a person for one item (issue 31). The token
 * itself is only in the message; the stored id is its hash, so reading the collection gives no link.
 */
export const ZPaymentLinkDoc = z.object({
  uid: z.string().catch(""),
  item: ZPaymentLinkItem.nullable().catch(null),
  channel: z.string().catch(""),
  createdBy: z.string().catch(""),
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp,
  usedAt: ZTimestamp,
  messageId: ZText,
});
export type PaymentLinkDoc = z.output<typeof ZPaymentLinkDoc>;

const paymentLinksCollection = typedCollection("paymentLinks", ZPaymentLinkDoc);

export const paymentLinkId = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link: its token (for the message) and id. Nothing is sent here. */
export async function createPaymentLink(link: {
  uid: string;
  item: PaymentLinkItem;
  channel: string;
  createdBy: string;
  expiresAt: Date;
}): Promise<{ token: string; id: string }> {
  const token = randomBytes(24).toString("base64url");
  const id = paymentLinkId(token);
  await paymentLinksCollection()
    .doc(id)
    .create({
      ...link,
      createdAt: Timestamp.now(),
      expiresAt: Timestamp.fromDate(link.expiresAt),
      usedAt: null,
      messageId: null,
    });
  return { token, id };
}

export async function setPaymentLinkMessage(id: string, messageId: string): Promise<void> {
  await paymentLinksCollection().doc(id).update({ messageId });
}

export type PaymentLinkUseOutcome =
  | { status: "used"; link: PaymentLinkDoc & { item: PaymentLinkItem } }
  | { status: "missing" | "expired" | "already-used" };

/**
 * Uses a link once: in one transaction, a link that exists, has not expired and was never used is
 * marked used; every later use (or a second one racing it) finds it used.
 */
export async function usePaymentLink(token: string, now = new Date()): Promise<PaymentLinkUseOutcome> {
  const ref = paymentLinksCollection().doc(paymentLinkId(token));
  return runTransaction(async (tx) => {
    const link = (await tx.get(ref)).data();
    if (!link?.item) return { status: "missing" } as const;
    if (link.usedAt) return { status: "already-used" } as const;
    if (!link.expiresAt || link.expiresAt.toMillis() <= now.getTime()) return { status: "expired" } as const;
    tx.update(ref, { usedAt: Timestamp.fromDate(now) });
    return { status: "used", link: { ...link, item: link.item } } as const;
  });
}
