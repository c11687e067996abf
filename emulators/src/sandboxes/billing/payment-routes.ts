import express, { type Response } from "express";
import { type BillingStore, cityDay, findAccount, unpaidBills } from "./store.ts";
import { ERROR_CODES, legacyCents, legacyDate, output } from "./wire.ts";

const notFound = (res: Response) => res.status(404).json(output(ERROR_CODES.accountNotFound, {}, "ACCOUNT NOT FOUND"));

/** ABA routing numbers carry a checksum (weights 3, 7, 1); the bank file would bounce others. */
export function validRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((sum, digit, index) => sum + Number(digit) * (weights[index] as number), 0) % 10 === 0;
}

/** Payment history (v1 and v2), payment posting and autopay enrolment. */
export function paymentRoutes(store: BillingStore) {
  const router = express.Router();

  router.get("/api/v1/accounts/:customerId/:locationId/payments", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const payments = [...account.payments].reverse();
    res.json(
      output(ERROR_CODES.ok, {
        Payments: payments.map((payment) => ({
          PaymentDate: legacyDate(payment.postedDate),
          PaymentAmount: legacyCents(payment.amountCents),
        })),
      }),
    );
  });

  // v2 adds the payment id, method and routing ids, and monthly totals for the chart.
  router.get("/api/v2/accounts/:customerId/:locationId/payments", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const monthly = new Map<string, number>();
    for (const payment of account.payments) {
      const month = legacyDate(payment.postedDate).slice(0, 6);
      monthly.set(month, (monthly.get(month) ?? 0) + payment.amountCents);
    }
    res.json(
      output(ERROR_CODES.ok, {
        Payments: [...account.payments].reverse().map((payment) => ({
          PaymentId: payment.id,
          PostedDate: legacyDate(payment.postedDate),
          Amount: legacyCents(payment.amountCents),
          Method: payment.method,
          RoutingIds: payment.routingIds,
        })),
        MonthlyTotals: [...monthly].sort().map(([month, cents]) => ({ Month: month, Amount: legacyCents(cents) })),
      }),
    );
  });

  router.post("/api/v1/payments", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const key = req.get("idempotency-key");
    const fingerprint = JSON.stringify(body);
    const earlier = key ? store.postedPayments.get(key) : undefined;
    if (earlier) {
      // Same key, same request: the first answer again and no second posting.
      if (earlier.body === fingerprint) res.json(output(ERROR_CODES.ok, { RoutingIds: earlier.routingIds }));
      else res.status(422).json(output(ERROR_CODES.idempotencyConflict, {}, "IDEMPOTENCY KEY REUSED"));
      return;
    }
    const { CustomerId, LocationId, Amount, GatewayTransactionId, Method } = body;
    const cents = typeof Amount === "string" && /^\d+$/.test(Amount) ? Number(Amount) : 0;
    if (
      typeof CustomerId !== "string" ||
      typeof LocationId !== "string" ||
      cents <= 0 ||
      typeof GatewayTransactionId !== "string"
    ) {
      res.status(422).json(output(ERROR_CODES.invalidPayment, {}, "INVALID PAYMENT"));
      return;
    }
    const account = findAccount(store, CustomerId, LocationId);
    if (!account) return notFound(res);
    // One routing id per open bill the money reaches (oldest first), one more for any credit.
    let left = cents;
    const routingIds: string[] = [];
    for (const { openCents } of unpaidBills(account)) {
      if (left <= 0) break;
      left -= Math.min(left, openCents);
      routingIds.push(`RT${store.nextId()}`);
    }
    if (left > 0) routingIds.push(`RT${store.nextId()}`);
    account.payments.push({
      id: `P${store.nextId()}`,
      // The city's day: a payment at 10:37 PM in Chicago is posted that day, not UTC's next one.
      postedDate: cityDay(),
      amountCents: cents,
      method: Method === "ACH" ? "ACH" : "CARD",
      routingIds,
    });
    if (key) store.postedPayments.set(key, { body: fingerprint, routingIds });
    res.json(output(ERROR_CODES.ok, { RoutingIds: routingIds }));
  });

  router.get("/api/v1/accounts/:customerId/:locationId/autopay", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    res.json(
      output(ERROR_CODES.ok, {
        AutopayId: account.autopay?.id ?? "",
        AutopayStatus: account.autopay?.status ?? "",
        PaymentProfileId: account.autopay?.paymentProfileId ?? "",
      }),
    );
  });

  router.put("/api/v1/accounts/:customerId/:locationId/autopay", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    let status: "S" | "C" | "R";
    let paymentProfileId: string | null = null;
    if (body.PaymentType === "CARD" && typeof body.PaymentProfileId === "string" && body.PaymentProfileId) {
      status = "R";
      paymentProfileId = body.PaymentProfileId;
    } else if (body.PaymentType === "ACH") {
      const routing = String(body.RoutingNumber ?? "");
      const bankAccount = String(body.BankAccountNumber ?? "");
      if (
        !validRoutingNumber(routing) ||
        !/^\d{4,17}$/.test(bankAccount) ||
        !["CHECKING", "SAVINGS"].includes(String(body.BankAccountType))
      ) {
        res.status(422).json(output(ERROR_CODES.invalidBankAccount, {}, "INVALID ROUTING OR ACCOUNT NUMBER"));
        return;
      }
      status = body.BankAccountType === "SAVINGS" ? "S" : "C";
    } else {
      res
        .status(400)
        .json(output(ERROR_CODES.invalidAutopayRequest, {}, "PaymentType CARD with PaymentProfileId, or ACH"));
      return;
    }
    account.autopay = { id: account.autopay?.id ?? `AP${store.nextId()}`, status, paymentProfileId };
    res.json(output(ERROR_CODES.ok, { AutopayId: account.autopay.id, AutopayStatus: status }));
  });

  router.delete("/api/v1/autopay/:autopayId", (req, res) => {
    const account = store.seed.accounts.find((candidate) => candidate.autopay?.id === req.params.autopayId);
    if (!account) {
      res.status(404).json(output(ERROR_CODES.autopayNotFound, {}, "AUTOPAY NOT FOUND"));
      return;
    }
    account.autopay = null;
    res.json(output(ERROR_CODES.ok));
  });

  return router;
}
