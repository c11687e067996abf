import type { BillingSeed, SeededBill, SeededUtilityAccount } from "../../seed/billing.ts";

/** The billing system's mutable state: seeded records plus what callers changed since start. */
export interface BillingStore {
  seed: BillingSeed;
  /** webUserId -> "customerId-locationId" keys linked to that user. */
  links: Map<string, Set<string>>;
  /** Idempotency key -> the request body it was first used with and the answer given. */
  postedPayments: Map<string, { body: string; routingIds: string[] }>;
  nextId: () => string;
}

export function createBillingStore(seed: BillingSeed): BillingStore {
  let counter = 1000;
  return {
    seed: structuredClone(seed),
    links: new Map(),
    postedPayments: new Map(),
    nextId: () => String(++counter).padStart(8, "0"),
  };
}

/**
 * Puts every account's payments and autopay back as seeded (links to portal users stay): a test
 * that pays the delinquent account in full must not leave the next test file an account with
 * nothing due.
 */
export function resetPayments(store: BillingStore, seed: BillingSeed): void {
  const seeded = new Map(seed.accounts.map((account) => [accountKey(account), account]));
  for (const account of store.seed.accounts) {
    const original = seeded.get(accountKey(account));
    if (!original) continue;
    account.payments = structuredClone(original.payments);
    account.autopay = structuredClone(original.autopay);
  }
  store.postedPayments.clear();
}

/** Numbers compare without leading zeros: customers type '104200' for '000104200'. */
const sameNumber = (a: string, b: string) => /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);

export function findAccount(store: BillingStore, customerId: string, locationId: string) {
  return store.seed.accounts.find(
    (account) => sameNumber(account.customerId, customerId) && sameNumber(account.locationId, locationId),
  );
}

/** Accepts 'customerId-locationId', or a customer id alone when the customer has one location. */
export function findByAccountNumber(store: BillingStore, accountNumber: string) {
  const [customerId = "", locationId] = accountNumber.trim().split("-");
  if (locationId !== undefined) return findAccount(store, customerId, locationId);
  const matches = store.seed.accounts.filter((account) => sameNumber(account.customerId, customerId));
  return matches.length === 1 ? matches[0] : undefined;
}

export const accountKey = (account: SeededUtilityAccount) => `${account.customerId}-${account.locationId}`;

export const balanceCents = (account: SeededUtilityAccount) =>
  account.bills.reduce((sum, bill) => sum + bill.amountCents, 0) -
  account.payments.reduce((sum, payment) => sum + payment.amountCents, 0);

/** Bills not covered by payments, oldest paid first (as the billing system applies money). */
export function unpaidBills(account: SeededUtilityAccount): { bill: SeededBill; openCents: number }[] {
  let paid = account.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const open: { bill: SeededBill; openCents: number }[] = [];
  for (const bill of account.bills) {
    const covered = Math.min(paid, bill.amountCents);
    paid -= covered;
    if (covered < bill.amountCents) open.push({ bill, openCents: bill.amountCents - covered });
  }
  return open;
}

/**
 * The city's calendar day (America/Chicago), YYYY-MM-DD: the billing system, a system of its own,
 * dates payments and compares due dates in city hall's time, so a payment at 10:37 PM is posted
 * that day, not UTC's next one.
 */
export const cityDay = (now: Date = new Date()) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);

/** Open bills whose due date has passed: what the system reports as delinquent. */
export function delinquentBills(account: SeededUtilityAccount, today = cityDay()) {
  const newest = account.bills[account.bills.length - 1];
  return unpaidBills(account).filter(({ bill }) => bill !== newest && bill.dueDate < today);
}
