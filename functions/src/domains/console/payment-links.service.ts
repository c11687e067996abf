import { type PaymentLinkItem, paymentPathOf } from "../../contract/payment-links";
import { markPaymentLinkOpened, markPaymentLinkUsed, readPaymentLink } from "../../data/payment-links";
import { chargedPaymentsFor, type PaymentDoc, paymentsTakenFor } from "../../data/payments";

const took = (payment: PaymentDoc) => payment.state === "charged" || payment.state === "succeeded";

/**
 * When the link's item took money since the link was sent (the earliest such charge), or null: a
 * water bill or a permit fee by its account or case number, a form fee by its submission (the
 * payment's paid-once reference). Whoever paid it, through the link or not.
 */
async function paidSince(item: PaymentLinkItem, sinceMs: number): Promise<Date | null> {
  const payments =
    item.paymentType === "FORM_FEE"
      ? await chargedPaymentsFor(item.submissionId)
      : (await paymentsTakenFor(item.accountNumber)).filter((payment) => payment.paymentType === item.paymentType);
  const times = payments
    .filter(took)
    .map((payment) => payment.chargedAt?.toMillis() ?? 0)
    .filter((at) => at >= sinceMs);
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/**
 * Continue on a payment link (issue 31): where /payment opens for its item, as long as the item
 * has not been paid since the link was sent. The link's single use is the payment, not the visit:
 * a declined card, a closed tab or a message app's preview leaves it usable, and the amount is
 * charged once by the payment's own claims (pay once per bill, "Pay again?"), whichever page pays.
 * Once its item was paid, the link is marked used and every later Continue is refused.
 */
export async function continuePaymentLink(
  token: string,
): Promise<{ status: "open"; path: string } | { status: "missing" | "expired" | "already-used" }> {
  const found = await readPaymentLink(token);
  if (found.status !== "open") return found;
  const paidAt = await paidSince(found.link.item, found.link.createdAt?.toMillis() ?? 0);
  if (paidAt) {
    await markPaymentLinkUsed(found.id, paidAt);
    return { status: "already-used" };
  }
  await markPaymentLinkOpened(found.id);
  return { status: "open", path: paymentPathOf(found.link.item) };
}
