// GET /api/naviline/getbillinghistory, /billingAccounts, /getdelinquentstatus, /paymenthistory, /paymenthistoryv2
// (?organizationId=)
import type { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import type { UtilityAccountRef } from "../../connectors/billing/types";
import type { BillingAccountRecord } from "../../contract/billing-account-record";
import type {
  BillingHistoryResponse,
  DelinquentStatus,
  PaymentHistoryRow,
  PaymentHistoryV2Response,
} from "../../contract/billing-records";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { PromiseCache } from "../../platform/cache";
import { notFound } from "../../platform/http/api-error";
import { ZOrganizationQuery } from "../../platform/http/organization-field";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { billingAccountRecord } from "./billing-account-record";

type OrganizationQuery = z.output<typeof ZOrganizationQuery>;

type Account = UtilityAccountRef & { accountNumber: string };

/** The water accounts in context; with `requireSome`, none is 404 (spec 2 §8: the 'no billing accounts' state). */
async function accountsInContext(caller: Principal, query: OrganizationQuery, requireSome = false): Promise<Account[]> {
  const owner = query.organizationId ? { organizationId: query.organizationId } : { userId: caller.uid };
  const accounts = (await billingAccountsOwnedBy(owner)).map(({ data }) => ({
    customerId: data.customerId,
    locationId: data.locationId,
    accountNumber: `${data.customerId}-${data.locationId}`,
  }));
  if (requireSome && accounts.length === 0) throw notFound("No billing accounts.");
  return accounts;
}

const newestFirst =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(b).localeCompare(key(a));

async function delinquentStatusesOf(accounts: Account[]): Promise<DelinquentStatus[]> {
  const histories = await Promise.all(accounts.map((account) => billingConnector().billingHistory(account)));
  return histories.flatMap((history) => history.accountDelinquentStatuses);
}

/**
 * Each costs the billing system one or more calls per water account (3 for a billing account record), and a
 * signed-in resident can ask as often as she reloads: one budget per caller for all the bill records routes.
 */
const BILLING_READS_THROTTLE: ThrottleRule[] = [
  { name: "billing-reads", key: "caller", limit: 120, windowSeconds: 600 },
];

/**
 * A billing account record of this instance stays a minute: a reload, or a second member of the organization, costs
 * the billing system nothing more. The bill records routes are not cached: a resident who has just paid (the payment
 * function posts it; it cannot clear this instance's memory) sees her new balance there at once.
 */
export const BILLING_RECORD_CACHE_MS = 60_000;
const records = new PromiseCache<string, BillingAccountRecord>({ ttlMs: BILLING_RECORD_CACHE_MS, max: 5000 });

/** The record of one account, from the cache or from three calls to the billing system. */
const recordOf = (account: Account) =>
  records.get(account.accountNumber, async () => {
    const [history, bills, payments] = await Promise.all([
      billingConnector().billingHistory(account),
      billingConnector().bills(account),
      billingConnector().paymentHistory(account),
    ]);
    return billingAccountRecord(account, { history, bills, payments });
  });

const common = {
  access: "onboarded" as const,
  query: ZOrganizationQuery,
  organization: { in: "query" as const, field: "organizationId", role: "member" as const },
  throttle: BILLING_READS_THROTTLE,
  example: { query: {} },
};

export const billingRecordsRoutes: AnyRoute[] = [
  route({
    ...common,
    method: "GET",
    path: "/api/naviline/getbillinghistory",
    summary: "Bills (with PDF links), monthly history, total due and delinquencies of the accounts in context",
    handler: async ({ user, query }): Promise<BillingHistoryResponse> => {
      const accounts = await accountsInContext(requireUser(user), query);
      const perAccount = await Promise.all(
        accounts.map(async (account) => {
          const [history, bills] = await Promise.all([
            billingConnector().billingHistory(account),
            billingConnector().bills(account),
          ]);
          return { account, history, bills };
        }),
      );
      return {
        historyMonthly: perAccount.flatMap(({ account, history }) =>
          history.historyMonthly.map((month) => ({ accountNumber: account.accountNumber, ...month })),
        ),
        totalAmountDueCents: perAccount.reduce((sum, { history }) => sum + history.totalAmountDueCents, 0),
        accountDelinquentStatuses: perAccount.flatMap(({ history }) => history.accountDelinquentStatuses),
        bills: perAccount
          .flatMap(({ account, bills }) => bills.map((bill) => ({ accountNumber: account.accountNumber, ...bill })))
          .sort(newestFirst((bill) => bill.billDate)),
      };
    },
  }),
  route({
    ...common,
    method: "GET",
    path: "/api/naviline/billingAccounts",
    summary: "The billing account record (account, upcoming bills, past payments) of each account in context",
    handler: async ({ user, query }): Promise<BillingAccountRecord[]> =>
      Promise.all((await accountsInContext(requireUser(user), query)).map(recordOf)),
  }),
  route({
    ...common,
    method: "GET",
    path: "/api/naviline/getdelinquentstatus",
    summary: "Delinquent statuses of the accounts in context",
    handler: async ({ user, query }): Promise<DelinquentStatus[]> =>
      delinquentStatusesOf(await accountsInContext(requireUser(user), query)),
  }),
  route({
    ...common,
    method: "GET",
    path: "/api/naviline/paymenthistory",
    summary: "Payments to the accounts in context, newest first; 404 when there are no accounts",
    handler: async ({ user, query }): Promise<PaymentHistoryRow[]> => {
      const accounts = await accountsInContext(requireUser(user), query, true);
      const lists = await Promise.all(
        accounts.map(async (account) =>
          (await billingConnector().paymentHistory(account)).map((payment, index) => ({
            id: `${account.accountNumber}-${index}`,
            paymentDate: payment.paymentDate,
            accountNumber: account.accountNumber,
            amountCents: payment.amountCents,
          })),
        ),
      );
      return lists.flat().sort(newestFirst((row) => row.paymentDate));
    },
  }),
  route({
    ...common,
    method: "GET",
    path: "/api/naviline/paymenthistoryv2",
    summary: "Payments and monthly totals of the accounts in context; 404 when there are no accounts",
    handler: async ({ user, query }): Promise<PaymentHistoryV2Response> => {
      const accounts = await accountsInContext(requireUser(user), query, true);
      const answers = await Promise.all(
        accounts.map(async (account) => ({ account, v2: await billingConnector().paymentHistoryV2(account) })),
      );
      const totals = new Map<string, number>();
      for (const { v2 } of answers)
        for (const month of v2.monthlyTotals)
          totals.set(month.month, (totals.get(month.month) ?? 0) + month.amountCents);
      return {
        payments: answers
          .flatMap(({ account, v2 }) =>
            v2.payments.map((payment) => ({
              id: `${account.accountNumber}-${payment.paymentId}`,
              paymentDate: payment.paymentDate,
              accountNumber: account.accountNumber,
              amountCents: payment.amountCents,
            })),
          )
          .sort(newestFirst((row) => row.paymentDate)),
        monthlyTotals: [...totals]
          .map(([month, amountCents]) => ({ month, amountCents }))
          .sort((a, b) => a.month.localeCompare(b.month)),
      };
    },
  }),
];
