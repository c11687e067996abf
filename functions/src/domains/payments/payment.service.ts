import { createHash } from "node:crypto";
import type { Request } from "firebase-functions/v2/https";
import { billingConnector } from "../../connectors/billing/connection";
import { gatewayConnector } from "../../connectors/payments/connection";
import type { ChargeRequest } from "../../connectors/payments/types";
import type { DashboardObject } from "../../contract/activity-objects";
import type { ApiErrorCode } from "../../contract/errors";
import {
  BILLING_CYCLE_DAYS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_MS,
  PAY_AGAIN_CODE,
  type PaymentCodeGroup,
  type PaymentResult,
  type PaymentType,
} from "../../contract/payment";
import { forgetBillingSummary } from "../../data/billing-summaries";
import {
  advancePayment,
  claimPayment,
  holdPaymentReference,
  type PaymentChanges,
  type PaymentDoc,
  paymentsTakenFor,
  readPayment,
  referenceHolder,
  releasePaymentReference,
  updatePayment,
} from "../../data/payments";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError, badRequest, conflict, notFound } from "../../platform/http/api-error";
import { toApiError } from "../../platform/http/dispatcher";
import type { Principal } from "../../platform/http/principal";
import type { Logger } from "../../platform/logger";
import { gatewayCustomerOf, ownPaymentProfile } from "../payment-methods/payment-methods.service";
import { markRecordPaid } from "./case-fee.service";
import { queuePaymentReceipt } from "./payment-receipt.service";

/** How long a repeat waits for the first request of its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 25_000;
const POLL_MS = 100;

/** The Idempotency-Key header of a payment request; missing or malformed is 400 (DESIGN.md). */
export function idempotencyKeyOf(req: Request): string {
  const key = req.get("idempotency-key") ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest("Idempotency-Key must be 1-255 letters, digits or hyphens.", { "Idempotency-Key": "Invalid" });
  }
  return key;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** JSON with keys sorted, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a payment is charged to: a nonce, a saved profile, or a nonce the payer asked to save ("Save
 * this card"): payOnce saves it as a profile at the gateway (which validates the card) once the
 * payment is claimed, then charges that profile.
 */
export type PlanSource =
  | ChargeRequest["source"]
  | { nonce: string; saveTo: { customerProfileId: string; makeDefault: boolean } };

/**
 * What a payment is for and how much, decided by the server (never the query string): see the
 * routes. Claimed before any money moves, whichever way the card is charged.
 */
export interface ChargePlan {
  paymentType: PaymentType;
  accountNumber: string;
  amountCents: number;
  description: string;
  /** A utility payment is posted to its account in the billing system after the charge. */
  postTo: { customerId: string; locationId: string } | null;
  /**
   * What the payment is paid once for (a form fee's submission id, `LPI:` and the application, a
   * bill's reference from billReference()); recorded with the attempt and claimed before the
   * charge: of concurrent attempts for one reference, one charges.
   */
  reference?: string | null;
  /** The CRM record whose fee this pays (an LPI application, a case), marked paid there once charged. */
  markPaid?: { type: DashboardObject; id: string } | null;
  /** Spec 2 §9: the group the payment is booked under (the finance export's column). */
  codeGroup: PaymentCodeGroup;
}

/** A charge the portal makes at the card gateway: the plan, and the card to charge. */
export interface PaymentPlan extends ChargePlan {
  source: PlanSource;
  /** The payer's own water account to enrol in card autopay with the saved card, once the charge succeeded. */
  autopay?: { customerId: string; locationId: string; paymentProfileId: string } | null;
}

export interface PaymentAttempt {
  req: Request;
  uid: string | null;
  /** Route path and validated body: the attempt's fingerprint. */
  path: string;
  body: unknown;
  /** What the body claims, recorded before any check runs. */
  claim: { paymentType: PaymentType; accountNumber: string; amountCents: number };
  log: Logger;
  /** Checks the request against the city's systems and says what to charge; throws to refuse. */
  plan: () => Promise<PaymentPlan>;
  /** May free the reference another attempt holds (claimPlan's takeOver), e.g. a hosted frame left open. */
  takeOver?: (holderId: string) => Promise<boolean>;
  /** More of the record, written with `charging` (claimPlan's): e.g. the staff member who took a payment by phone. */
  charging?: PaymentChanges;
}

/** A refusal stored as the attempt's answer, so every repeat of the key gets the same one. */
export interface StoredError {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}

export function replay(record: PaymentDoc): PaymentResult {
  const body = JSON.parse(record.answerBody ?? "{}") as PaymentResult | StoredError;
  if ("error" in body) throw new ApiError(body.error.code, body.error.message, body.error.fields);
  return body;
}

export async function waitForAnswer(id: string): Promise<PaymentDoc> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const record = await readPayment(id);
    if (record?.answerBody) return record;
    if (Date.now() > deadline) throw conflict("A payment with this Idempotency-Key is still being processed.");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The gateway refused the card (declined, or a card it would not save) or failed: nothing was taken. */
function cardRefusal(error: unknown): ApiError {
  const declined = error instanceof ConnectorError && error.kind === "rejected";
  return new ApiError(
    declined ? "rejected" : "unavailable",
    declined
      ? "Your card was declined. No money was taken."
      : "The card payment service is unavailable. No money was taken. Please try again later.",
  );
}

/** The charge's answer did not arrive: the reconcile job asks the gateway later. */
const answerLost = (error: unknown) =>
  !(error instanceof ConnectorError) || (error.kind === "unavailable" && error.message.endsWith("did not answer"));

/** What the result adds beyond the payment record: whether the autopay and the saved card the payer asked for were set up. */
type ResultExtras = Pick<PaymentResult, "autopayEnrolled" | "cardSaved">;

/** The object of a payment's CRM record (records from before permit fees are LPI applications). */
const crmTypeOf = (record: PaymentDoc) => (record.crmRecordType ?? "LPI_Application__c") as DashboardObject;

function resultOf(
  id: string,
  record: PaymentDoc,
  paidAtMs: number,
  postedToAccount: boolean,
  extras: ResultExtras = {},
): PaymentResult {
  return {
    ...extras,
    paymentId: id,
    authNetTransId: record.gatewayTransactionId ?? "",
    navilineRoutingIds: record.routingIds,
    amountCents: record.amountCents,
    paymentType: record.paymentType as PaymentType,
    accountNumber: record.accountNumber,
    maskedCardNumber: record.maskedCardNumber ?? "",
    cardType: record.cardType ?? "",
    paidAt: new Date(paidAtMs).toISOString(),
    postedToAccount,
    activity: record.crmRecordId ? { type: crmTypeOf(record), id: record.crmRecordId } : null,
  };
}

/**
 * The card charge as the payment's record has it (by the gateway, or in the provider's hosted
 * frame), then its receipt queued: the one step every way of paying, and the reconcile job, share
 * before settling. Only from `charging` (a transaction): null when another call recorded it first.
 */
export async function recordCharged(
  id: string,
  charge: { transactionId: string; maskedCardNumber: string; cardType: string },
  log: Logger,
  chargedAtMs = Date.now(),
): Promise<{ record: PaymentDoc; chargedAtMs: number } | null> {
  const moved = await advancePayment(id, "charging", {
    state: "charged",
    gatewayTransactionId: charge.transactionId,
    maskedCardNumber: charge.maskedCardNumber,
    cardType: charge.cardType,
    chargedAt: new Date(chargedAtMs) as unknown as PaymentDoc["chargedAt"],
  });
  if (!moved) return null;
  const record = (await readPayment(id)) as PaymentDoc;
  await queuePaymentReceipt(id, record, log);
  return { record, chargedAtMs };
}

/**
 * Records a charged payment where it is owed and marks it succeeded with its answer: a utility
 * payment is posted to its account (the billing system dedups by the same key), an LPI
 * application is marked paid in the CRM. Called by the request that charged and, when that
 * request ended first (a lost answer, a killed instance), by the reconcile job; both steps are
 * safe to repeat.
 */
export async function settlePayment(
  id: string,
  record: PaymentDoc,
  paidAtMs: number,
  extras: ResultExtras = {},
): Promise<PaymentResult> {
  let routingIds = record.routingIds;
  if (record.customerId && record.locationId) {
    ({ routingIds } = await billingConnector().postPayment({
      customerId: record.customerId,
      locationId: record.locationId,
      amountCents: record.amountCents,
      gatewayTransactionId: record.gatewayTransactionId ?? "",
      method: "CARD",
      idempotencyKey: id,
    }));
    // What the account owes changed: its stored summary (the dashboard's) is asked for again.
    await forgetBillingSummary({ customerId: record.customerId, locationId: record.locationId });
  }
  if (record.crmRecordId) {
    await markRecordPaid(
      crmTypeOf(record),
      record.crmRecordId,
      { transactionId: record.gatewayTransactionId ?? "", amountCents: record.amountCents, paidAtMs },
      record.uid,
    );
  }
  const result = resultOf(id, { ...record, routingIds }, paidAtMs, true, extras);
  await updatePayment(id, {
    state: "succeeded",
    routingIds,
    answerStatus: 200,
    answerBody: JSON.stringify(result),
  });
  return result;
}

/**
 * Runs one payment attempt exactly once per Idempotency-Key (DESIGN.md "Data", issue 13 "Money
 * safety"): the first request claims the key's document with create(); every repeat with the same
 * body waits for and gets the first answer, another body is 409. The attempt is recorded before
 * the gateway is called and after it answers.
 */
export async function payOnce(attempt: PaymentAttempt): Promise<PaymentResult> {
  const key = idempotencyKeyOf(attempt.req);
  const id = sha256(`${attempt.uid ?? "guest"}\n${key}`).slice(0, 40);
  const fingerprint = sha256(`${attempt.path}\n${canonical(attempt.body)}`);
  const claimed = await claimPayment(
    id,
    {
      fingerprint,
      uid: attempt.uid,
      paymentType: attempt.claim.paymentType,
      accountNumber: attempt.claim.accountNumber,
      customerId: null,
      locationId: null,
      amountCents: attempt.claim.amountCents,
      description: "",
    },
    Date.now() + IDEMPOTENCY_KEY_TTL_MS,
  );
  if (!claimed) {
    const first = await readPayment(id);
    if (first && first.fingerprint !== fingerprint) {
      throw conflict("This Idempotency-Key was used for a different payment.");
    }
    attempt.req.res?.setHeader("Idempotent-Replayed", "true");
    return replay(await waitForAnswer(id));
  }

  const { plan, refuse } = await claimPlan(id, attempt.plan, {
    takeOver: attempt.takeOver,
    charging: attempt.charging,
  });
  // "Save this card": the one-time nonce becomes a saved profile (the gateway validates the card), and
  // that profile is charged. Once per attempt: the gateway dedups the save by the payment's id.
  let source: ChargeRequest["source"];
  let savedProfile: { customerProfileId: string; paymentProfileId: string } | null = null;
  if ("saveTo" in plan.source) {
    const { customerProfileId, makeDefault } = plan.source.saveTo;
    try {
      const paymentProfileId = await gatewayConnector().createPaymentProfile(
        customerProfileId,
        { kind: "card", nonce: plan.source.nonce, makeDefault },
        `save-${id}`,
      );
      savedProfile = { customerProfileId, paymentProfileId };
    } catch (error) {
      return refuse(cardRefusal(error));
    }
    source = savedProfile;
    await updatePayment(id, { savedPaymentProfileId: savedProfile.paymentProfileId });
  } else {
    source = plan.source;
  }
  /** A refused charge takes back the card saved for it: the payer saved it to pay with it. */
  const unsave = async () => {
    if (!savedProfile) return;
    await gatewayConnector()
      .deletePaymentProfile(savedProfile.customerProfileId, savedProfile.paymentProfileId)
      .catch((error: unknown) =>
        attempt.log.warn("could not remove the card saved for a refused payment", {
          paymentId: id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  };
  let charge: Awaited<ReturnType<ReturnType<typeof gatewayConnector>["charge"]>>;
  try {
    charge = await gatewayConnector().charge({
      source,
      amountCents: plan.amountCents,
      description: plan.description,
      invoiceNumber: id,
      idempotencyKey: id,
    });
  } catch (error) {
    if (answerLost(error)) {
      attempt.log.warn("charge answer lost; left for the reconcile job", { paymentId: id });
      const stored: StoredError = {
        error: {
          code: "unavailable",
          message:
            "We could not confirm your payment. Please do not pay again: we will check it with the card provider.",
        },
      };
      await updatePayment(id, { answerStatus: 503, answerBody: JSON.stringify(stored) });
      throw new ApiError(stored.error.code, stored.error.message);
    }
    await unsave();
    return refuse(cardRefusal(error));
  }

  const charged = await recordCharged(id, charge, attempt.log);
  if (!charged) return replay(await waitForAnswer(id));
  // Runs once, in the request that charged: repeats of the key get the stored answer.
  const extras: ResultExtras = {
    ...(plan.autopay ? { autopayEnrolled: await enrolAutopay(plan.autopay, attempt.log) } : {}),
    ...(savedProfile ? { cardSaved: true } : {}),
  };
  return settleCharged(id, charged, attempt.log, extras);
}

/**
 * The end of every charge the portal recorded: settled where it is owed, and answered. If settling
 * fails the money is still taken: the answer is a success, and the reconcile job settles it later.
 */
export async function settleCharged(
  id: string,
  { record, chargedAtMs }: { record: PaymentDoc; chargedAtMs: number },
  log: Logger,
  extras: ResultExtras = {},
): Promise<PaymentResult> {
  try {
    return await settlePayment(id, record, chargedAtMs, extras);
  } catch (error) {
    log.warn("payment charged but not recorded where it is owed; left for the reconcile job", {
      paymentId: id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  const result = resultOf(id, record, chargedAtMs, false, extras);
  await updatePayment(id, { answerStatus: 200, answerBody: JSON.stringify(result) });
  return result;
}

/** Ends an attempt that took nothing: its answer stored for every repeat, its paid-once claim released. */
export type Refuse = (error: unknown) => Promise<never>;

/**
 * What every way of paying does before money can move (issue 13 "Money safety": every charge is
 * claimed before it is made): the plan's checks run, its paid-once reference is claimed (of
 * concurrent attempts for one reference, one holds it: two tabs never pay twice), and the attempt is
 * recorded as `charging` with `charging`'s extra fields. A crash from there on leaves `charging`,
 * which the reconcile job settles. `takeOver` may free a reference another attempt holds (a hosted
 * frame session it cancels at the provider) and say to claim it again, once.
 */
export async function claimPlan<P extends ChargePlan>(
  id: string,
  makePlan: () => Promise<P>,
  options: { charging?: PaymentChanges; takeOver?: (holderId: string) => Promise<boolean> } = {},
): Promise<{ plan: P; refuse: Refuse }> {
  // The claim on a paid-once reference, while this attempt holds it.
  let heldReference: string | null = null;
  const refuse: Refuse = async (error) => {
    const apiError = toApiError(error);
    // Nothing was taken: another attempt may pay the reference.
    if (heldReference) await releasePaymentReference(heldReference);
    const stored: StoredError = {
      error: {
        code: apiError.code,
        message: apiError.message,
        ...(apiError.fields ? { fields: apiError.fields } : {}),
      },
    };
    await updatePayment(id, {
      state: "refused",
      answerStatus: apiError.status,
      answerBody: JSON.stringify(stored),
      lastError: error instanceof Error ? error.message : String(error),
    });
    throw apiError;
  };

  let plan: P;
  try {
    plan = await makePlan();
  } catch (error) {
    return refuse(error);
  }

  // A reference is paid once (the plan found it unpaid, but so may a concurrent attempt): of those,
  // the one holding the claim charges.
  if (plan.reference) {
    heldReference = await holdPaymentReference(plan.reference, id);
    if (!heldReference && options.takeOver) {
      const holder = await referenceHolder(plan.reference);
      try {
        if (holder && holder !== id && (await options.takeOver(holder))) {
          heldReference = await holdPaymentReference(plan.reference, id);
        }
      } catch (error) {
        return refuse(error);
      }
    }
    if (!heldReference) return refuse(conflict("This has been paid already, or is being paid now."));
  }

  // Recorded before the charge: a crash from here on leaves `charging`, which the reconcile job settles.
  await updatePayment(id, {
    state: "charging",
    paymentType: plan.paymentType,
    accountNumber: plan.accountNumber,
    amountCents: plan.amountCents,
    description: plan.description,
    reference: plan.reference ?? null,
    customerId: plan.postTo?.customerId ?? null,
    locationId: plan.postTo?.locationId ?? null,
    crmRecordId: plan.markPaid?.id ?? null,
    crmRecordType: plan.markPaid?.type ?? null,
    codeGroup: plan.codeGroup,
    ...options.charging,
  });
  return { plan, refuse };
}

/** Enrols the paid account in card autopay with the saved card; a failure leaves the payment as it is. */
async function enrolAutopay(autopay: NonNullable<PaymentPlan["autopay"]>, log: Logger): Promise<boolean> {
  try {
    const enrolment = await billingConnector().enrolAutopay(
      { customerId: autopay.customerId, locationId: autopay.locationId },
      { kind: "card", paymentProfileId: autopay.paymentProfileId },
    );
    log.info("autopay enrolled after payment", { status: enrolment.status });
    return true;
  } catch (error) {
    log.warn("payment succeeded, autopay enrolment failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/**
 * The paid-once reference of a bill (per utility account and billing cycle, per license and year),
 * with "Pay again?" (spec): a bill that took money in this cycle or in the last
 * BILLING_CYCLE_DAYS is refused with 409 PAY_AGAIN_CODE unless the payer confirmed. A confirmed
 * payment claims the bill's next reference, so of payments started at once (two tabs, confirmed
 * or not) one charges and the others are 409, while a deliberate second payment still can.
 *
 * The 409 names the earlier payment's amount and time only when `mayKnow` says the caller may
 * know them (a signed-in holder of the account, security review finding 9): anyone else who
 * knows the account number learns only that it was paid.
 */
export async function billReference(
  bill: { accountNumber: string; cycle: string },
  confirmed: boolean,
  mayKnow: () => Promise<boolean>,
): Promise<string> {
  const base = `${bill.accountNumber}@${bill.cycle}#`;
  const taken = await paymentsTakenFor(bill.accountNumber);
  const sameCycle = taken.filter((payment) => payment.reference?.startsWith(base));
  if (!confirmed) {
    const since = Date.now() - BILLING_CYCLE_DAYS * 24 * 60 * 60_000;
    const [previous] = [...sameCycle, ...taken.filter((payment) => (payment.chargedAt?.toMillis() ?? 0) >= since)];
    if (previous) {
      const details = (await mayKnow())
        ? { amountCents: String(previous.amountCents), paidAt: previous.chargedAt?.toDate().toISOString() ?? "" }
        : undefined;
      throw new ApiError("conflict", PAY_AGAIN_CODE, details);
    }
  }
  return `${base}${sameCycle.length}`;
}

/**
 * The card to charge: the hosted form's nonce (saved first when the payer asked, signed in only), or
 * one of the caller's own saved profiles (signed in only).
 */
export async function chargeSource(
  input: { nonce?: string; paymentProfileId?: string; saveCard?: boolean },
  user: Principal | null,
): Promise<PlanSource> {
  if (input.nonce && input.saveCard) {
    if (!user) throw badRequest("Sign in to save a card.", { saveCard: "Invalid" });
    const customerProfileId = await gatewayCustomerOf(user);
    // The first card saved becomes the default, as in the add-card modal.
    const saved = await gatewayConnector().listPaymentProfiles(customerProfileId);
    return { nonce: input.nonce, saveTo: { customerProfileId, makeDefault: saved.length === 0 } };
  }
  if (input.nonce) return { nonce: input.nonce };
  if (!user) throw badRequest("Sign in to pay with a saved method.", { paymentProfileId: "Invalid" });
  // Someone else's profile id is simply not in the caller's list.
  const profile = await ownPaymentProfile(user, input.paymentProfileId ?? "");
  if (!profile) throw notFound("No such saved payment method of yours.");
  return { customerProfileId: profile.customerProfileId, paymentProfileId: profile.Id };
}
