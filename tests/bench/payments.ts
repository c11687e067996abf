import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountLookupAnswer } from "../../functions/src/contract/payment.ts";
import { cardNonce, utilityCardPayment } from "../kit/card-nonce.ts";
import { pendingPermitOf } from "../kit/permit-fee.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { type BenchPaymentSubmit, type BenchRefund, PAYMENT_SUBMITS, REFUNDS } from "./rows.ts";
import type { BenchRow } from "./table.ts";

export interface PaymentSubmitResult {
  connections: number;
  submits: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers other than 200 (a refused or failed payment), and requests that got no answer. */
  errors: number;
  paymentsPerSecond: number;
  /** Requests each sandbox received per submit, from its counters (nonces are minted before counting). */
  callsPerPayment: Record<string, number>;
}

/** The sandboxes whose calls a payment makes: the card gateway, the billing system, the CRM. */
const COUNTED = ["payments", "billing", "crm"] as const;

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

async function totals(): Promise<Record<string, number>> {
  const sandboxes = stackInfo().sandboxes;
  const entries = await Promise.all(
    COUNTED.map(async (name) => [name, (await sandboxControl(sandboxes[name] as string).counters()).total] as const),
  );
  return Object.fromEntries(entries);
}

async function amountDueCents(accountNumber: string): Promise<number> {
  const answer = await fetch(`${stackInfo().portalUrl}/api/naviline/account?accountNumber=${accountNumber}`);
  const body = (await answer.json()) as AccountLookupAnswer;
  return Math.max(100, Math.round(body.OutputParms.AmountDueWithoutPending * 100));
}

/** A row's figures from its timed requests (one per payment or refund) and the sandboxes' counters before them. */
async function summarize(
  connections: number,
  count: number,
  latencies: number[],
  errors: number,
  started: number,
  before: Record<string, number>,
): Promise<PaymentSubmitResult> {
  const seconds = (performance.now() - started) / 1000;
  const after = await totals();
  latencies.sort((a, b) => a - b);
  return {
    connections,
    submits: count,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p95Ms: Math.round(percentile(latencies, 0.95)),
    maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
    errors,
    paymentsPerSecond: Math.round((count / seconds) * 10) / 10,
    callsPerPayment: Object.fromEntries(
      COUNTED.map((name) => [name, Math.round((((after[name] ?? 0) - (before[name] ?? 0)) / count) * 100) / 100]),
    ),
  };
}

/** One row: every submit timed from sending to the full answer, `connections` at a time. */
async function measure(scenario: BenchPaymentSubmit): Promise<PaymentSubmitResult> {
  const token = scenario.signedInAs ? (await principal(scenario.signedInAs)).idToken : null;
  // Minted before anything is counted or timed: the hosted form does this in the payer's browser.
  // One list of bodies per connection, which sends them in turn.
  const lanes: Record<string, unknown>[][] = Array.from({ length: scenario.connections }, () => []);
  if (scenario.permitFee) {
    // One case of the payer's own per submit, in "Pending Payment" for $75.00.
    if (!scenario.signedInAs || scenario.signedInAs === "anonymous") throw new Error("a permit fee is paid signed in");
    const contactId = seededUser(scenario.signedInAs).salesforceId as string;
    for (let index = 0; index < scenario.submits; index++) {
      const permit = await pendingPermitOf(contactId);
      const source = scenario.pay === "nonce" ? { nonce: await cardNonce("approves") } : scenario.pay;
      lanes[index % scenario.connections]?.push({
        paymentType: "PERMIT",
        ...source,
        amountCents: 7500,
        permit: { accountNumber: permit.caseNumber },
      });
    }
  } else {
    if (scenario.accountNumbers.length !== scenario.connections) throw new Error("one bill per connection");
    for (const [lane, accountNumber] of scenario.accountNumbers.entries()) {
      const [customerId, locationId] = accountNumber.split("-");
      const amountCents = await amountDueCents(accountNumber);
      for (let index = 0; index < scenario.submits / scenario.connections; index++) {
        const source = scenario.pay === "nonce" ? { nonce: await cardNonce("approves") } : scenario.pay;
        lanes[lane]?.push({
          paymentType: "UTILITY",
          ...source,
          amountCents,
          navilineCustomerId: customerId,
          navilineLocationId: locationId,
          // Every submit after the first is a second payment in the cycle.
          confirmPayAgain: true,
        });
      }
    }
  }
  const before = await totals();
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const worker = async (bodies: Record<string, unknown>[]) => {
    for (const body of bodies) {
      const sent = performance.now();
      try {
        const answer = await fetch(`${stackInfo().portalUrl}/api/payment`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "Idempotency-Key": randomUUID(),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(lanes.map(worker));
  return summarize(scenario.connections, scenario.submits, latencies, errors, started, before);
}

/** The admin's payments to refund, one per refund, made before anything is counted: their portal ids. */
async function paymentsToRefund(scenario: BenchRefund, token: string): Promise<string[]> {
  const amountCents = Math.max(await amountDueCents(scenario.accountNumber), scenario.refundCents);
  const ids: string[] = [];
  for (let index = 0; index < scenario.refunds; index++) {
    const answer = await fetch(`${stackInfo().portalUrl}/api/payment`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "Idempotency-Key": randomUUID(),
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(await utilityCardPayment(scenario.accountNumber, amountCents)),
    });
    const body = (await answer.json()) as { paymentId?: string };
    if (answer.status !== 200 || !body.paymentId) throw new Error(`a payment to refund: ${answer.status}`);
    ids.push(body.paymentId);
  }
  return ids;
}

/**
 * One refund row: per payment, the form's read of what is left (untimed) and the refund of part of it
 * (timed from sending to the full answer), `connections` payments at a time.
 */
async function measureRefunds(scenario: BenchRefund): Promise<PaymentSubmitResult> {
  const token = (await principal("admin")).idToken as string;
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const paymentIds = await paymentsToRefund(scenario, token);
  const before = await totals();
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paymentIds.length) {
      const paymentId = paymentIds[next++] as string;
      try {
        const shown = await fetch(`${stackInfo().portalUrl}/api/payment/${paymentId}/refunds`, { headers });
        const { refundAmountAvailable } = (await shown.json()) as { refundAmountAvailable: number };
        const sent = performance.now();
        const answer = await fetch(`${stackInfo().portalUrl}/api/payment/${paymentId}/refunds`, {
          method: "POST",
          headers: { ...headers, "Idempotency-Key": randomUUID() },
          body: JSON.stringify({ amountCents: scenario.refundCents, refundAmountAvailable, reason: "Bench" }),
        });
        await answer.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (answer.status !== 200) errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: scenario.connections }, worker));
  return summarize(scenario.connections, scenario.refunds, latencies, errors, started, before);
}

const callsMeasure = (name: (typeof COUNTED)[number], per: string) =>
  `${name === "payments" ? "gateway" : name === "crm" ? "CRM" : name} calls/${per}`;

/** A row's lines of the table: p50, p95, errors, per second, and each sandbox's calls per payment or refund. */
function tableRows(row: string, what: "payment" | "refund", result: PaymentSubmitResult): BenchRow[] {
  const line = (measure: string, value: number | null, unit: string, goal?: BenchRow["goal"]): BenchRow => ({
    section: "payment",
    row,
    measure,
    value,
    unit,
    ...(goal ? { goal } : {}),
  });
  const verb = what === "payment" ? "submit" : "refund";
  return [
    line(`${verb} p50`, result.p50Ms, "ms"),
    line(`${verb} p95`, result.p95Ms, "ms"),
    line("errors", result.errors, "", { atMost: 0 }),
    line(`${what}s/s`, result.paymentsPerSecond, "/s"),
    ...COUNTED.map((name) => line(callsMeasure(name, what), result.callsPerPayment[name] ?? null, "")),
  ];
}

/** Each PAYMENT_SUBMITS row in turn, then each REFUNDS row: p50/p95, errors, per second and calls per payment or refund. */
export async function measurePaymentSubmits(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const rows: BenchRow[] = [];
  const results: Record<string, PaymentSubmitResult> = {};
  for (const scenario of PAYMENT_SUBMITS) {
    const row = `POST /api/payment ${scenario.name} @${scenario.connections} ×${scenario.submits}`;
    results[row] = await measure(scenario);
    rows.push(...tableRows(row, "payment", results[row]));
  }
  for (const scenario of REFUNDS) {
    const row = `POST /api/payment/:id/refunds ${scenario.name} @${scenario.connections} ×${scenario.refunds}`;
    results[row] = await measureRefunds(scenario);
    rows.push(...tableRows(row, "refund", results[row]));
  }
  return { rows, results };
}
