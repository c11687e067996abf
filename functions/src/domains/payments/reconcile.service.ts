import { gatewayConnector } from "../../connectors/payments/connection";
import { stalePayments, updatePayment } from "../../data/payments";
import { requestLogger } from "../../platform/logger";

const logger = requestLogger({ job: "payments-reconcile" });

import { postToAccount } from "./payment.service";

/** An attempt untouched this long is not in flight any more (a request answers well within it). */
const SETTLED_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/**
 * Settles payments whose request ended between the charge and its record (issue 13 "Money
 * safety"): a `charging` attempt is looked up at the gateway by its invoice number (the payment's
 * id) and recorded as charged or as refused; a `charged` utility payment is posted to its account
 * with the same idempotency key, so the billing system never takes it twice.
 */
export async function reconcilePayments(
  now = Date.now(),
): Promise<{ charged: number; refused: number; posted: number }> {
  const counts = { charged: 0, refused: 0, posted: 0 };
  for (const { id, data } of await stalePayments("charging", now - SETTLED_AFTER_MS, BATCH)) {
    const charge = await gatewayConnector().findCharge(id);
    if (!charge) {
      await updatePayment(id, {
        state: "refused",
        answerStatus: 503,
        answerBody: JSON.stringify({
          error: { code: "unavailable", message: "The payment did not go through. No money was taken." },
        }),
      });
      counts.refused++;
      continue;
    }
    await updatePayment(id, {
      state: "charged",
      gatewayTransactionId: charge.transactionId,
      maskedCardNumber: charge.maskedCardNumber,
      cardType: charge.cardType,
      chargedAt: new Date(now) as never,
    });
    counts.charged++;
    if (!data.customerId) {
      await updatePayment(id, { state: "succeeded" });
    }
  }
  for (const { id, data } of await stalePayments("charged", now - SETTLED_AFTER_MS, BATCH)) {
    if (!data.customerId || !data.locationId) continue;
    try {
      await postToAccount(id, data, data.chargedAt?.toMillis() ?? now);
      counts.posted++;
    } catch (error) {
      await updatePayment(id, { reconcileAttempts: data.reconcileAttempts + 1 });
      logger.warn("payment still not posted", { paymentId: id, error: String(error) });
    }
  }
  return counts;
}
