import express, { type Response } from "express";
import { documentSignature, renderBillPdf, validSignature } from "./bill-pdf.ts";
import {
  accountKey,
  type BillingStore,
  balanceCents,
  delinquentBills,
  findAccount,
  findByAccountNumber,
  unpaidBills,
} from "./store.ts";
import { ERROR_CODES, legacyCents, legacyDate, output } from "./wire.ts";

const notFound = (res: Response) => res.status(404).json(output(ERROR_CODES.accountNotFound, {}, "ACCOUNT NOT FOUND"));

/** Account lookup, web-user links, billing history, bills and their documents. */
export function accountRoutes(store: BillingStore, baseUrl: () => string) {
  const router = express.Router();

  router.get("/api/v1/accounts/:accountNumber", (req, res) => {
    if (!/^\d{1,9}(-\d{1,9})?$/.test(req.params.accountNumber)) {
      res.json(output(ERROR_CODES.invalidAccountNumber, {}, "INVALID ACCOUNT NUMBER"));
      return;
    }
    const account = findByAccountNumber(store, req.params.accountNumber);
    // The lookup answers 200 with an error code, as the legacy program does.
    if (!account) {
      res.json(output(ERROR_CODES.accountNotFound, {}, "ACCOUNT NOT FOUND"));
      return;
    }
    const lastBill = account.bills[account.bills.length - 1];
    res.json(
      output(ERROR_CODES.ok, {
        CustomerId: account.customerId,
        LocationId: account.locationId,
        AmountDueWithoutPending: legacyCents(balanceCents(account)),
        DueDateOfLastBill: lastBill ? legacyDate(lastBill.dueDate) : "",
      }),
    );
  });

  router.post("/api/v1/accounts/:customerId/:locationId/web-users", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const { WebUserId, StreetNumber } = (req.body ?? {}) as { WebUserId?: unknown; StreetNumber?: unknown };
    if (typeof WebUserId !== "string" || !WebUserId || typeof StreetNumber !== "string") {
      res.status(400).json(output(ERROR_CODES.invalidAccountNumber, {}, "WebUserId and StreetNumber required"));
      return;
    }
    if (StreetNumber.replace(/\s+/g, "") !== account.streetNumber) {
      res.status(400).json({
        message: "utility-account-street-number-mismatch",
        ...output(ERROR_CODES.streetNumberMismatch, {}, "STREET NUMBER DOES NOT MATCH SERVICE ADDRESS"),
      });
      return;
    }
    const linked = store.links.get(WebUserId) ?? new Set<string>();
    linked.add(accountKey(account));
    store.links.set(WebUserId, linked);
    res.json(
      output(ERROR_CODES.ok, {
        CustomerId: account.customerId,
        LocationId: account.locationId,
        ServiceAddress: `${account.streetNumber} ${account.streetName} ${account.streetSuffix}`,
      }),
    );
  });

  router.delete("/api/v1/accounts/:customerId/:locationId/web-users/:webUserId", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const removed = store.links.get(req.params.webUserId)?.delete(accountKey(account)) ?? false;
    if (!removed) return notFound(res);
    res.json(output(ERROR_CODES.ok));
  });

  router.get("/api/v1/accounts/:customerId/:locationId/billing-history", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    res.json(
      output(ERROR_CODES.ok, {
        TotalAmountDue: legacyCents(balanceCents(account)),
        HistoryMonthly: account.bills.map((bill) => ({
          BillDate: legacyDate(bill.billDate),
          Gallons: String(bill.gallons),
          BilledUnits: String(bill.billedUnits),
          AmountBilled: legacyCents(bill.amountCents),
        })),
        DelinquentStatuses: delinquentBills(account).map(({ bill, openCents }) => ({
          Type: "PAST DUE",
          Amount: legacyCents(openCents),
          Date: legacyDate(bill.dueDate),
        })),
      }),
    );
  });

  router.get("/api/v1/accounts/:customerId/:locationId/bills", (req, res) => {
    const account = findAccount(store, req.params.customerId, req.params.locationId);
    if (!account) return notFound(res);
    const open = new Map(unpaidBills(account).map(({ bill, openCents }) => [bill.id, openCents]));
    const paid = account.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    const newest = account.bills[account.bills.length - 1];
    let running = 0;
    const bills = account.bills.map((bill) => {
      running += bill.amountCents;
      // One rule for both figures (issue 32): as of today, payments applied to the oldest bill first.
      // The amount due is what is still open on this bill; the current balance what is still open on
      // it and every older bill. The newest bill's balance is the account's (TotalAmountDue, the
      // lookup's amount due), a credit included.
      const balance = bill === newest ? running - paid : Math.max(0, running - paid);
      return {
        BillId: bill.id,
        BillType: bill.type,
        BillDate: legacyDate(bill.billDate),
        DueDate: legacyDate(bill.dueDate),
        AmountBilled: legacyCents(bill.amountCents),
        AmountDueWithoutPending: legacyCents(open.get(bill.id) ?? 0),
        CurrentBalance: legacyCents(balance),
        DocumentUrl: `${baseUrl()}/documents/bills/${bill.id}.pdf?sig=${documentSignature(bill.id)}`,
      };
    });
    res.json(output(ERROR_CODES.ok, { Bills: bills.reverse() }));
  });

  router.get("/documents/bills/:document", async (req, res) => {
    const billId = req.params.document.replace(/\.pdf$/, "");
    const signature = typeof req.query.sig === "string" ? req.query.sig : "";
    const account = store.seed.accounts.find((candidate) => candidate.bills.some((bill) => bill.id === billId));
    const bill = account?.bills.find((candidate) => candidate.id === billId);
    if (!account || !bill || !validSignature(billId, signature)) {
      res.status(404).type("text/plain").send("Document not found");
      return;
    }
    const pdf = await renderBillPdf(account, bill);
    res.type("application/pdf").setHeader("content-disposition", `inline; filename="bill-${bill.billDate}.pdf"`);
    res.send(Buffer.from(pdf));
  });

  return router;
}
