import { coreConnector, gatewayConnector } from "../../connectors/payments/connection";
import { advancePayment, type PaymentDoc, stalePayments, updatePayment } from "../../data/payments";
import { requestLogger } from "../../platform/logger";
import { recordCharged, settlePayment } from "./payment.service";

const logger = requestLogger({ job: "payments-reconcile" });

/** An attempt untouched this long is not in flight any more (a request answers well within it). */
const SETTLED_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/**
 * Settles payments whose request ended between the charge and its record (issue 13 "Money
 * safety"; a lost answer, or an instance killed mid-request): a `charging` attempt is looked up at
 * the gateway (a hosted frame's, once its session ended, at the provider) by its invoice number (the payment's id) and recorded as charged or as refused; a
 * `charged` payment is then recorded where it is owed (settlePayment: posted to its water account
 * with the same idempotency key, an LPI application marked paid) and gets its answer, so a repeat
 * of its key is told it succeeded. A refused attempt's paid-once claim counts as released, and a
 * charged one keeps it: the reference is never charged twice.
 */
export async function reconcilePayments(
  now = Date.now(),
): Promise<{ charged: number; refused: number; posted: number }> {
  const counts = { charged: 0, refused: 0, posted: 0 };
  for (const { id, data } of await stalePayments("charging", now - SETTLED_AFTER_MS, BATCH)) {
    // A hosted frame's attempt is charging while its session may pay: it is looked at once the session ended.
    const frame = data.frameExpiresAt;
    if (frame && frame.toMillis() > now) continue;
    const charge = frame ? await coreConnector().findTransaction(id) : await gatewayConnector().findCharge(id);
    if (!charge) {
      const refused = await advancePayment(id, "charging", {
        state: "refused",
        answerStatus: 503,
        answerBody: JSON.stringify({
          error: { code: "unavailable", message: "The payment did not go through. No money was taken." },
        }),
      });
      if (refused) counts.refused++;
      continue;
    }
    const charged = await recordCharged(id, charge, logger, now);
    if (!charged) continue;
    counts.charged++;
    if (await settle(id, charged.record, now)) counts.posted++;
  }
  for (const { id, data } of await stalePayments("charged", now - SETTLED_AFTER_MS, BATCH)) {
    if (await settle(id, data, now)) counts.posted++;
  }
  return counts;
}

/** Records a charged payment where it is owed; a failure is counted and retried on the next run. */
async function settle(id: string, record: PaymentDoc, now: number): Promise<boolean> {
  try {
    await settlePayment(id, record, record.chargedAt?.toMillis() ?? now);
    return true;
  } catch (error) {
    await updatePayment(id, { reconcileAttempts: record.reconcileAttempts + 1 });
    logger.warn("payment still not recorded where it is owed", { paymentId: id, error: String(error) });
    return false;
  }
}
