import { randomBytes } from "node:crypto";
import { coreConnector } from "../../connectors/payments/connection";
import type { CoreIframeRequest, CoreTransaction } from "../../connectors/payments/types";
import { IDEMPOTENCY_KEY_TTL_MS, type PaymentResult } from "../../contract/payment";
import { advancePayment, claimPayment, type PaymentDoc, readPayment, updatePayment } from "../../data/payments";
import { ConnectorError } from "../../platform/connector-error";
import { notFound } from "../../platform/http/api-error";
import type { Logger } from "../../platform/logger";
import {
  type ChargePlan,
  claimPlan,
  recordCharged,
  replay,
  type StoredError,
  settleCharged,
  waitForAnswer,
} from "./payment.service";

/**
 * The longest a frame session may pay after it opens (the provider's sessions last 30 minutes): the
 * reconcile job leaves an attempt alone until then, and its record says so before the session exists.
 */
export const FRAME_SESSION_MAX_MS = 35 * 60_000;

const at = (ms: number) => new Date(ms) as unknown as PaymentDoc["frameExpiresAt"];

/**
 * Opens a session of the provider's hosted bill-pay frame (CORE) the way every charge starts
 * (claimPlan): the plan's checks, then its paid-once reference claimed, before the frame that can
 * take the money exists. The attempt's id is the session's invoice number at the provider and the
 * browser's proof for reporting it (160 random bits only the browser that opened it holds).
 *
 * A newer session for the same bill (a reload, another tab, another amount) replaces the older one:
 * the older session is cancelled at the provider before its claim passes on, so at most one frame
 * can pay a bill at any time, and each frame pays at most once (the provider's token). If the older
 * session paid before it could be cancelled, it is recorded, and the newer one is refused (409).
 */
export async function openFrameSession(input: {
  uid: string | null;
  claim: { accountNumber: string; amountCents: number };
  plan: () => Promise<ChargePlan>;
  session: (plan: ChargePlan, invoiceNumber: string) => CoreIframeRequest;
  log: Logger;
}): Promise<{ iframeURL: string; paymentId: string }> {
  const id = randomBytes(20).toString("hex");
  const opened = Date.now();
  await claimPayment(
    id,
    {
      fingerprint: "",
      uid: input.uid,
      paymentType: "UTILITY",
      accountNumber: input.claim.accountNumber,
      customerId: null,
      locationId: null,
      amountCents: input.claim.amountCents,
      description: "",
    },
    opened + IDEMPOTENCY_KEY_TTL_MS,
  );
  const { plan, refuse } = await claimPlan(id, input.plan, {
    charging: { frameExpiresAt: at(opened + FRAME_SESSION_MAX_MS) },
    takeOver: (holderId) => replaceFrameSession(holderId, input.log),
  });
  let session: Awaited<ReturnType<ReturnType<typeof coreConnector>["createIframeSession"]>>;
  try {
    session = await coreConnector().createIframeSession(input.session(plan, id));
  } catch (error) {
    return refuse(error);
  }
  const expiresMs = Date.parse(session.expiresAt);
  await updatePayment(id, {
    frameToken: session.token,
    frameExpiresAt: at(Number.isNaN(expiresMs) ? opened + FRAME_SESSION_MAX_MS : expiresMs),
  });
  return { iframeURL: session.iframeUrl, paymentId: id };
}

/**
 * Frees the bill an older frame session holds: cancels it at the provider and marks its attempt
 * refused (true: claim again), or, when it paid before it could be cancelled, records that payment
 * (false: the bill is paid). A holder that is not an open frame session (a card charge in flight)
 * is left alone (false). Used by a newer frame and by the card form: a frame left open, or whose card
 * was declined, would otherwise hold the bill until its session ends (30 minutes).
 */
export async function replaceFrameSession(holderId: string, log: Logger): Promise<boolean> {
  const holder = await readPayment(holderId);
  if (!holder?.frameToken || holder.state !== "charging") return false;
  const cancelled = await coreConnector().cancelIframeSession(holder.frameToken);
  if (cancelled === "cancelled") {
    const stored: StoredError = {
      error: { code: "conflict", message: "This payment window was replaced by a newer one. No money was taken." },
    };
    await advancePayment(holderId, "charging", {
      state: "refused",
      answerStatus: 409,
      answerBody: JSON.stringify(stored),
      lastError: "frame session replaced by a newer one",
    });
    return true;
  }
  await recordFrameCharge(holderId, await coreConnector().getTransaction(cancelled.transactionId), log);
  return false;
}

/** A frame session's transaction recorded on its attempt once (the first report wins), then settled. */
async function recordFrameCharge(id: string, transaction: CoreTransaction, log: Logger): Promise<PaymentResult> {
  const charged = await recordCharged(id, transaction, log);
  if (!charged) return replay(await waitForAnswer(id));
  return settleCharged(id, charged, log);
}

/**
 * Records what a frame reported (POST /api/core/bill-pay/complete): only with the session's own
 * proof (the payment id its browser was given, and the same payer), only for the transaction the
 * provider made in that session (its invoice number), once. Everything else is 404: a transaction
 * id alone proves nothing.
 */
export async function completeFramePayment(input: {
  paymentId: string;
  transactionId: string;
  uid: string | null;
  log: Logger;
}): Promise<PaymentResult> {
  const record = await readPayment(input.paymentId);
  const noSuch = () => notFound("No such payment.");
  if (!record?.frameExpiresAt || record.uid !== input.uid) throw noSuch();
  if (record.state === "charged" || record.state === "succeeded") {
    if (record.gatewayTransactionId !== input.transactionId) throw noSuch();
    return replay(await waitForAnswer(input.paymentId));
  }
  if (record.state !== "charging") throw noSuch();
  let transaction: CoreTransaction;
  try {
    transaction = await coreConnector().getTransaction(input.transactionId);
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "not_found") throw noSuch();
    throw error;
  }
  if (transaction.invoiceNumber !== input.paymentId) throw noSuch();
  return recordFrameCharge(input.paymentId, transaction, input.log);
}
