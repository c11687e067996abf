import type { PaymentDoc } from "../../data/payments";
import { readUser } from "../../data/users";
import type { Logger } from "../../platform/logger";
import { portalOrigin } from "../../platform/portal-url";
import { recipientsOf } from "../message-preferences/message-preferences.service";
import { sendMessage } from "../messages/message.service";

/**
 * The receipt email of a charged payment (issue 29), to the signed-in payer's email in their
 * language: amount, what it paid, the card provider's transaction id, and a link to the receipt
 * page. Written to the message service only (the outbox job sends it within a minute), so the
 * payment's answer never waits on the mail relay; its id is the payment's, so the request that
 * charged and the reconcile job that settles a lost answer queue one receipt between them.
 * A guest gave no email, and gets the receipt page only. Never fails the payment.
 *
 * A payment city staff took by phone (`assistedBy`, issue 31) is not in front of the payer: the
 * receipt also goes by the other channels she chose for bills (in the portal, by text to her
 * confirmed number), each once per payment.
 */
export async function queuePaymentReceipt(id: string, record: PaymentDoc, log: Logger): Promise<void> {
  try {
    if (!record.uid) return;
    const payer = await readUser(record.uid);
    const link = new URL("/payment", portalOrigin());
    link.searchParams.set("receipt", id);
    const content = {
      amountCents: record.amountCents,
      reference: record.gatewayTransactionId ?? id,
      paidAt: (record.chargedAt?.toDate() ?? new Date()).toISOString(),
      paymentType: record.paymentType,
      accountNumber: record.accountNumber,
      link: link.toString(),
    };
    if (payer?.Email) {
      await sendMessage({ uid: record.uid, email: payer.Email }, "paymentReceipt", content, "email", {
        id: `receipt-${id}`,
      });
    }
    if (!record.assistedBy) return;
    const chosen = (await recipientsOf([{ uid: record.uid, data: payer }], "bills")).get(record.uid);
    if (chosen?.channels.inApp) {
      await sendMessage({ uid: record.uid }, "paymentReceipt", content, "inApp", { id: `receipt-${id}-inApp` });
    }
    if (chosen?.textPhone) {
      await sendMessage({ uid: record.uid, phone: chosen.textPhone }, "paymentReceipt", content, "sms", {
        id: `receipt-${id}-sms`,
      });
    }
  } catch (error) {
    log.warn("payment receipt not queued", {
      paymentId: id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
