import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { cityToday } from "../../functions/src/contract/city-time.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { amountDueCents, pay } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 32 "Finance export": an admin downloads the payments of a range of city days as CSV, one
 * row per transaction (portal id, gateway id, routing ids, account, payment code group, amount in
 * cents, state, date and time in America/Chicago), read back here with a CSV library; the page's
 * totals per code group come from the same rows.
 */

type Totals = { count: number; totals: { codeGroup: string; count: number; amountCents: number }[] };

async function exportCsv(token: string | null, from: string, to: string) {
  const response = await fetch(`${stackInfo().portalUrl}/api/payment/finance/export?from=${from}&to=${to}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("GET /api/payment/finance and /finance/export", () => {
  it("lists today's payment with its ids, group, cents, state and Chicago time, and totals per code group", async () => {
    const [customerId, locationId] = BILLING_FIXTURES.delinquentAccount.accountNumber.split("-") as [string, string];
    const amountCents = await amountDueCents(BILLING_FIXTURES.delinquentAccount.accountNumber);
    const paid = await pay(randomUUID(), {
      paymentType: "UTILITY",
      nonce: await cardNonce(),
      amountCents,
      navilineCustomerId: customerId,
      navilineLocationId: locationId,
      confirmPayAgain: true,
    });
    expect(paid.status).toBe(200);
    const payment = paid.body as PaymentResult;

    const admin = await principal("admin");
    const today = cityToday();
    const csv = await exportCsv(admin.idToken, today, today);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    const [header, ...rows] = parse(csv.text, { bom: true }) as string[][];
    expect(header).toEqual([
      "Portal ID",
      "Kind",
      "Gateway Transaction ID",
      "Billing Routing IDs",
      "Account",
      "Payment Type",
      "Payment Code Group",
      "Amount (cents)",
      "State",
      "Date (America/Chicago)",
      "Refund Of (Portal ID)",
    ]);
    const row = rows.find((candidate) => candidate[0] === payment.paymentId);
    expect(row).toBeDefined();
    const [, kind, transactionId, routingIds, account, type, group, cents, state, date] = row as string[];
    expect({ kind, transactionId, account, type, group, cents, state }).toEqual({
      kind: "payment",
      transactionId: payment.authNetTransId,
      account: BILLING_FIXTURES.delinquentAccount.accountNumber,
      type: "UTILITY",
      group: "UTILITY",
      cents: String(amountCents),
      state: "succeeded",
    });
    expect(routingIds).toBe(payment.navilineRoutingIds.join(" "));
    // The city's date and time with its offset.
    expect(date).toMatch(new RegExp(`^${today}T\\d{2}:\\d{2}:\\d{2}-0[56]:00$`));

    // The page's totals are the same rows': per group, and in all.
    const summary = await callApi<Totals>("GET", `/api/payment/finance?from=${today}&to=${today}`, {
      token: admin.idToken,
    });
    expect(summary.status).toBe(200);
    expect(summary.body.count).toBe(rows.length);
    for (const total of summary.body.totals) {
      const inGroup = rows.filter((candidate) => candidate[6] === total.codeGroup);
      expect(total).toEqual({
        codeGroup: total.codeGroup,
        count: inGroup.length,
        // A refund row is taken off its group's total.
        amountCents: inGroup.reduce(
          (sum, candidate) => sum + (candidate[1] === "refund" ? -1 : 1) * Number(candidate[7]),
          0,
        ),
      });
    }
  });

  it("refuses a resident (403) and a range that ends before it starts or spans over a year (400)", async () => {
    const resident = await principal("resident");
    expect((await exportCsv(resident.idToken, "2026-11-01", "2026-11-30")).status).toBe(403);
    const admin = await principal("admin");
    const backwards = await callApi("GET", "/api/payment/finance?from=2026-11-30&to=2026-11-01", {
      token: admin.idToken,
    });
    expect(backwards.status).toBe(400);
    expect((await exportCsv(admin.idToken, "2025-01-01", "2026-11-30")).status).toBe(400);
  });
});
