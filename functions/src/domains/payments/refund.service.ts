import { createHash } from "node:crypto";
import type { Request } from "firebase-functions/v2/https";
import { gatewayConnector } from "../../connectors/payments/connection";
import type { MyRefund, PersonPayment, RefundablePayment, RefundResult } from "../../contract/refunds";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { instant } from "../../data/fields";
import { type PaymentDoc, paymentsOfUser, readPayment } from "../../data/payments";
import {
  claimRefund,
  readRefund,
  refundsOfPayment,
  refundsOfPayments,
  refundsOnAccounts,
  refundsToPerson,
  updateRefund,
} from "../../data/refunds";
import { readUser } from "../../data/users";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError, conflict, notFound } from "../../platform/http/api-error";
import { toApiError } from "../../platform/http/dispatcher";
import type { Principal } from "../../platform/http/principal";
import type { Logger } from "../../platform/logger";
import { portalOrigin } from "../../platform/portal-url";
import { sendMessage } from "../messages/message.service";
import { idempotencyKeyOf } from "./payment.service";

/** A payment that took money (charged, or charged and recorded where it is owed). */
const CHARGED_STATES: ReadonlySet<string> = new Set(["charged", "succeeded"]);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A payment the portal charged at the card gateway, with what is left to refund of it now (the gateway's figure). */
export async function refundablePayment(paymentId: string): Promise<RefundablePayment & { payment: PaymentDoc }> {
  const payment = await readPayment(paymentId);
  if (!payment || !CHARGED_STATES.has(payment.state) || !payment.gatewayTransactionId) {
    throw notFound("No such charged payment.");
  }
  // The hosted frame's payments are refunded in the provider's own portal, not here.
  if (payment.frameExpiresAt) throw conflict("This payment was made in the provider's frame: refund it there.");
  const { refundAmountAvailable } = await gatewayConnector().refundable(payment.gatewayTransactionId);
  const refunds = await refundsOfPayment(paymentId);
  return {
    payment,
    paymentId,
    amountCents: payment.amountCents,
    refundAmountAvailable,
    refunds: refunds.map(({ id, data }) => ({
      refundId: id,
      amountCents: data.amountCents,
      reason: data.reason,
      refundedAt: data.refundedAt?.toDate().toISOString() ?? "",
    })),
  };
}

/**
 * Refunds all or part of a payment (issue 32 "Refunds", after GOV.UK Pay), once per Idempotency-Key
 * like a charge: the refund's record is claimed before the gateway is called. The admin states the
 * amount still refundable as the page showed it; the gateway checks it at the moment of the refund
 * and a stale figure refunds nothing (412, with the current figure). The payer gets a message.
 */
export async function refundOnce(input: {
  req: Request;
  admin: Principal;
  paymentId: string;
  body: { amountCents: number; refundAmountAvailable: number; reason: string };
  log: Logger;
}): Promise<RefundResult> {
  const key = idempotencyKeyOf(input.req);
  const id = sha256(`refund\n${input.admin.uid}\n${key}`).slice(0, 40);
  const fingerprint = sha256(`${input.paymentId}\n${JSON.stringify(input.body)}`);
  const payment = await readPayment(input.paymentId);
  if (!payment) throw notFound("No such charged payment.");
  const claimed = await claimRefund(id, {
    fingerprint,
    paymentId: input.paymentId,
    uid: payment.uid,
    actorUid: input.admin.uid,
    amountCents: input.body.amountCents,
    reason: input.body.reason,
    accountNumber: payment.accountNumber,
    paymentType: payment.paymentType,
    codeGroup: payment.codeGroup,
    gatewayTransactionId: payment.gatewayTransactionId,
  });
  if (!claimed) {
    const first = await readRefund(id);
    if (first?.fingerprint !== fingerprint) throw conflict("This Idempotency-Key was used for a different refund.");
    return replay(await waitForRefundAnswer(id));
  }
  const refuse = async (error: unknown): Promise<never> => {
    const apiError = toApiError(error);
    await updateRefund(id, {
      state: "refused",
      answerStatus: apiError.status,
      answerBody: JSON.stringify({
        error: {
          code: apiError.code,
          message: apiError.message,
          ...(apiError.fields ? { fields: apiError.fields } : {}),
        },
      }),
    });
    throw apiError;
  };
  if (!CHARGED_STATES.has(payment.state) || !payment.gatewayTransactionId) {
    return refuse(notFound("No such charged payment."));
  }
  if (payment.frameExpiresAt) {
    return refuse(conflict("This payment was made in the provider's frame: refund it there."));
  }
  await updateRefund(id, { state: "refunding" });
  let answer: Awaited<ReturnType<ReturnType<typeof gatewayConnector>["refund"]>>;
  try {
    answer = await gatewayConnector().refund({
      transactionId: payment.gatewayTransactionId,
      amountCents: input.body.amountCents,
      refundAmountAvailable: input.body.refundAmountAvailable,
      idempotencyKey: id,
    });
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "rejected") {
      return refuse(new ApiError("rejected", "The refund amount is more than what is left to refund."));
    }
    return refuse(error);
  }
  if ("stale" in answer) {
    return refuse(
      new ApiError("precondition_failed", "The amount still refundable has changed. Check it and try again.", {
        refundAmountAvailable: String(answer.stale.refundAmountAvailable),
      }),
    );
  }
  const result: RefundResult = {
    refundId: id,
    paymentId: input.paymentId,
    personUid: payment.uid,
    amountCents: input.body.amountCents,
    refundAmountAvailable: answer.refunded.refundAmountAvailable,
    refundedAt: answer.refunded.refundedAt,
  };
  await updateRefund(id, {
    state: "refunded",
    gatewayRefundId: answer.refunded.refundId,
    refundedAt: new Date(Date.parse(answer.refunded.refundedAt) || Date.now()) as never,
    answerStatus: 200,
    answerBody: JSON.stringify(result),
  });
  await queueRefundMessage(id, payment, result, input.log);
  return result;
}

function replay(record: { answerBody: string | null }): RefundResult {
  const body = JSON.parse(record.answerBody ?? "{}") as
    | RefundResult
    | { error: { code: ApiError["code"]; message: string; fields?: Record<string, string> } };
  if ("error" in body) throw new ApiError(body.error.code, body.error.message, body.error.fields);
  return body;
}

async function waitForRefundAnswer(id: string) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const record = await readRefund(id);
    if (record?.answerBody) return record;
    if (Date.now() > deadline) throw conflict("A refund with this Idempotency-Key is still being processed.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The payer's message about the refund, in their language (a guest gave no address). Never fails the refund. */
async function queueRefundMessage(
  id: string,
  payment: { uid: string | null; paymentType: string; accountNumber: string },
  result: RefundResult,
  log: Logger,
): Promise<void> {
  try {
    if (!payment.uid) return;
    const payer = await readUser(payment.uid);
    if (!payer?.Email) return;
    await sendMessage(
      { uid: payment.uid, email: payer.Email },
      "paymentRefund",
      {
        amountCents: result.amountCents,
        refundedAt: result.refundedAt,
        paymentType: payment.paymentType,
        accountNumber: payment.accountNumber,
        link: new URL("/payment/payment-history", portalOrigin()).toString(),
      },
      "email",
      { id: `refund-${id}` },
    );
  } catch (error) {
    log.warn("refund message not queued", {
      refundId: id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** How many of a person's last payment attempts the admin user view looks at. */
const PERSON_PAYMENTS_LOOKED_AT = 20;

/**
 * A person's last payments through the portal that took money, each with what the portal refunded of
 * it (the admin user view's refund list). No gateway call: what is left to refund is asked of the
 * gateway only when the admin opens a payment's refund form.
 */
export async function personPayments(uid: string): Promise<PersonPayment[]> {
  const payments = (await paymentsOfUser(uid, PERSON_PAYMENTS_LOOKED_AT)).filter(
    ({ data }) => CHARGED_STATES.has(data.state) && data.gatewayTransactionId,
  );
  const refunds = await refundsOfPayments(payments.map(({ id }) => id));
  const refunded = new Map<string, number>();
  for (const { data } of refunds) refunded.set(data.paymentId, (refunded.get(data.paymentId) ?? 0) + data.amountCents);
  return payments.map(({ id, data }) => ({
    paymentId: id,
    chargedAt: instant(data.chargedAt) ?? instant(data.createdAt),
    paymentType: data.paymentType,
    accountNumber: data.accountNumber,
    codeGroup: data.codeGroup,
    amountCents: data.amountCents,
    refundedCents: refunded.get(id) ?? 0,
    maskedCardNumber: data.maskedCardNumber,
    refundable: !data.frameExpiresAt,
  }));
}

/** How many refunds the payment history page shows at most. */
const MY_REFUNDS_SHOWN = 50;

/**
 * The refunds a resident sees on her payment history, newest first: of the payments she made, or in
 * an organization's context of the payments to its water accounts.
 */
export async function refundsInContext(uid: string, organizationId: string | undefined): Promise<MyRefund[]> {
  let refunds: Awaited<ReturnType<typeof refundsToPerson>>;
  if (organizationId) {
    const accounts = await billingAccountsOwnedBy({ organizationId });
    refunds = await refundsOnAccounts(
      accounts.map(({ data }) => `${data.customerId}-${data.locationId}`),
      MY_REFUNDS_SHOWN,
    );
  } else {
    refunds = await refundsToPerson(uid, MY_REFUNDS_SHOWN);
  }
  return refunds.map(({ id, data }) => ({
    refundId: id,
    paymentId: data.paymentId,
    refundedAt: instant(data.refundedAt) ?? "",
    paymentType: data.paymentType,
    accountNumber: data.accountNumber,
    amountCents: data.amountCents,
  }));
}
