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
  /** The first time the person pressed Continue (the link opened /payment); it stays usable until paid. */
  openedAt: ZTimestamp,
  /** When its item was paid: the link's one use. Every later Continue is refused. */
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
      openedAt: null,
      usedAt: null,
      messageId: null,
    });
  return { token, id };
}

export async function setPaymentLinkMessage(id: string, messageId: string): Promise<void> {
  await paymentLinksCollection().doc(id).update({ messageId });
}

export type PaymentLinkOutcome =
  | { status: "open"; id: string; link: PaymentLinkDoc & { item: PaymentLinkItem } }
  | { status: "missing" | "expired" | "already-used" };

/**
 * A link as Continue finds it: unknown, used (its item was paid), expired, or open (with its
 * document's id). Reading it changes nothing.
 */
export async function readPaymentLink(token: string, now = new Date()): Promise<PaymentLinkOutcome> {
  const id = paymentLinkId(token);
  const link = (await paymentLinksCollection().doc(id).get()).data();
  if (!link?.item) return { status: "missing" };
  if (link.usedAt) return { status: "already-used" };
  if (!link.expiresAt || link.expiresAt.toMillis() <= now.getTime()) return { status: "expired" };
  return { status: "open", id, link: { ...link, item: link.item } };
}

/** Sets one of the link's times unless it is set already: the first time found is kept. */
async function markOnce(id: string, field: "openedAt" | "usedAt", at: Date): Promise<void> {
  const ref = paymentLinksCollection().doc(id);
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).data()?.[field]) return;
    tx.update(ref, { [field]: Timestamp.fromDate(at) });
  });
}

/** Records the link's first Continue (later ones keep the first time). */
export const markPaymentLinkOpened = (id: string, at = new Date()): Promise<void> => markOnce(id, "openedAt", at);

/** Marks the link used when its item was paid (once: the first time found is kept). */
export const markPaymentLinkUsed = (id: string, paidAt: Date): Promise<void> => markOnce(id, "usedAt", paidAt);
