import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountLookupAnswer } from "../../functions/src/contract/payment.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { pendingPermitOf } from "../kit/permit-fee.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { type BenchPaymentSubmit, PAYMENT_SUBMITS } from "./rows.ts";
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
  const seconds = (performance.now() - started) / 1000;
  const after = await totals();
  latencies.sort((a, b) => a - b);
  return {
    connections: scenario.connections,
    submits: scenario.submits,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p95Ms: Math.round(percentile(latencies, 0.95)),
    maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
    errors,
    paymentsPerSecond: Math.round((scenario.submits / seconds) * 10) / 10,
    callsPerPayment: Object.fromEntries(
      COUNTED.map((name) => [
        name,
        Math.round((((after[name] ?? 0) - (before[name] ?? 0)) / scenario.submits) * 100) / 100,
      ]),
    ),
  };
}

/** Each PAYMENT_SUBMITS row in turn: submit p50/p95, errors, payments per second and calls per payment. */
export async function measurePaymentSubmits(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const rows: BenchRow[] = [];
  const results: Record<string, PaymentSubmitResult> = {};
  for (const scenario of PAYMENT_SUBMITS) {
    const result = await measure(scenario);
    const row = `POST /api/payment ${scenario.name} @${scenario.connections} ×${scenario.submits}`;
    results[row] = result;
    rows.push({ section: "payment", row, measure: "submit p50", value: result.p50Ms, unit: "ms" });
    rows.push({ section: "payment", row, measure: "submit p95", value: result.p95Ms, unit: "ms" });
    rows.push({ section: "payment", row, measure: "errors", value: result.errors, unit: "", goal: { atMost: 0 } });
    rows.push({ section: "payment", row, measure: "payments/s", value: result.paymentsPerSecond, unit: "/s" });
    for (const name of COUNTED) {
      rows.push({
        section: "payment",
        row,
        measure: `${name === "payments" ? "gateway" : name === "crm" ? "CRM" : name} calls/payment`,
        value: result.callsPerPayment[name] ?? null,
        unit: "",
      });
    }
  }
  return { rows, results };
}
