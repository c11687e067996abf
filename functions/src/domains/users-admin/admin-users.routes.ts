// GET    /api/elastic-users
// GET    /api/users/activity-history/:id
// GET    /api/users/payment-history/:id
// GET    /api/users/payment-settings/:id
// DELETE /api/users/payment-settings/:id/autopay/:autopayId
// DELETE /api/users/payment-settings/:id/payment-methods/:methodId
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { gatewayConnector } from "../../connectors/payments/connection";
import {
  type AdminPaymentRow,
  type AdminPaymentSettings,
  type UserEventRow,
  type UserSearchPage,
  ZUserSearchQuery,
} from "../../contract/admin-users";
import { ZDocumentIdParams } from "../../contract/ids";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { instant } from "../../data/fields";
import { userEventsOf } from "../../data/user-events";
import { readUser, searchUsers } from "../../data/users";
import { badRequest, notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { gatewayCustomerOf, ownPaymentProfile, paymentProfilesOf } from "../payment-methods/payment-methods.service";

const ZProviderId = z.string().regex(/^[A-Za-z0-9]{1,32}$/, { message: "Invalid" });

/** The cursor is the last row's sort value and id, as base64url JSON (opaque to the browser). */
const encodeCursor = (cursor: [string, string]) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [sortValue, id] = value;
      if (typeof sortValue === "string" && typeof id === "string") return [sortValue, id];
    }
  } catch {
    // answered below
  }
  throw badRequest("The page cursor is not valid.", { "query.cursor": "Invalid" });
}

/** The target user as the payment services know a caller (uid and email), or 404. */
async function paymentOwner(uid: string) {
  const stored = await readUser(uid);
  if (!stored) throw notFound("No such user.");
  return { uid, email: stored.Email };
}

/** The user's water accounts with their autopay enrolment at the billing system. */
async function accountsWithAutopay(uid: string) {
  const accounts = await billingAccountsOwnedBy({ userId: uid });
  return Promise.all(
    accounts.map(async ({ data }) => ({
      customerId: data.customerId,
      locationId: data.locationId,
      serviceAddress: data.serviceAddress,
      autopay: await billingConnector().autopayStatus({ customerId: data.customerId, locationId: data.locationId }),
    })),
  );
}

/** The users administration (spec 3 §2 admin users; spec 2 §6: admins remove autopay and stored cards). */
export const adminUsersRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/elastic-users",
    access: "admin",
    query: ZUserSearchQuery,
    summary: "Admin: one page of users, by prefix of email, first or last name, sorted by a column, paged by cursor",
    example: { query: { pageSize: "25", searchTerm: "mar" } },
    handler: async ({ query }): Promise<UserSearchPage> => {
      const term = query.searchTerm?.trim() || undefined;
      const result = await searchUsers({
        term,
        sortBy: query.sortByField,
        direction: query.sortDirection,
        pageSize: query.pageSize,
        after: query.cursor ? decodeCursor(query.cursor) : null,
      });
      return {
        data: result.rows,
        total: result.total,
        totalPages: Math.ceil(result.total / query.pageSize),
        pageNumber: query.cursor ? query.pageNumber : 0,
        nextCursor: result.next ? encodeCursor(result.next) : null,
      };
    },
  }),

  route({
    method: "GET",
    path: "/api/users/activity-history/:id",
    audit: { action: "user.activity.view", person: { in: "params", field: "id" } },
    access: "admin",
    params: ZDocumentIdParams,
    summary: "Admin: the user's sessions, logins and started activities, newest first (at most 200)",
    example: { params: { id: "{otherUid}" } },
    handler: async ({ params }): Promise<UserEventRow[]> =>
      (await userEventsOf(params.id, 200)).map(({ id, data }) => ({
        Id: id,
        Event: data.Event ?? "",
        CreatedAt: instant(data.CreatedAt),
        ipAddress: data.ipAddress,
        userAgent: data.userAgent,
        platform: data.platform,
        Action: data.Action ?? null,
        Item: data.Item ?? null,
        ItemName: data.ItemName ?? null,
        ItemKey: data.ItemKey ?? null,
        Data: data.Data ?? null,
      })),
  }),

  route({
    method: "GET",
    path: "/api/users/payment-history/:id",
    audit: { action: "user.payments.view", person: { in: "params", field: "id" } },
    access: "admin",
    params: ZDocumentIdParams,
    summary: "Admin: payments to the user's water accounts at the billing system, newest first",
    example: { params: { id: "{otherUid}" } },
    handler: async ({ params }): Promise<AdminPaymentRow[]> => {
      const accounts = await billingAccountsOwnedBy({ userId: params.id });
      const lists = await Promise.all(
        accounts.map(async ({ data }) => {
          const accountNumber = `${data.customerId}-${data.locationId}`;
          const payments = await billingConnector().paymentHistory(data);
          return payments.map((payment, index) => ({
            id: `${accountNumber}-${index}`,
            paymentDate: payment.paymentDate,
            accountNumber,
            amountCents: payment.amountCents,
          }));
        }),
      );
      return lists.flat().sort((a, b) => b.paymentDate.localeCompare(a.paymentDate) || a.id.localeCompare(b.id));
    },
  }),

  route({
    method: "GET",
    path: "/api/users/payment-settings/:id",
    audit: { action: "user.payment-settings.view", person: { in: "params", field: "id" } },
    access: "admin",
    params: ZDocumentIdParams,
    summary: "Admin: the user's water accounts with autopay, and their stored payment methods",
    example: { params: { id: "{otherUid}" } },
    handler: async ({ params }): Promise<AdminPaymentSettings> => {
      const owner = await paymentOwner(params.id);
      const [accounts, profiles] = await Promise.all([accountsWithAutopay(params.id), paymentProfilesOf(owner)]);
      const autopayProfiles = new Set(accounts.map((account) => account.autopay?.paymentProfileId).filter(Boolean));
      return {
        accounts,
        paymentMethods: profiles.map((profile) => ({
          Id: profile.Id,
          MaskedAccountNumber: profile.MaskedAccountNumber,
          Type: profile.Type,
          ProfileDescription: profile.ProfileDescription,
          Default: profile.Default,
          UsedByAutopay: autopayProfiles.has(profile.Id),
        })),
      };
    },
  }),

  route({
    method: "DELETE",
    path: "/api/users/payment-settings/:id/autopay/:autopayId",
    audit: { action: "user.autopay.remove", person: { in: "params", field: "id" } },
    access: "admin",
    params: ZDocumentIdParams.extend({ autopayId: ZProviderId }),
    summary: "Admin: removes the autopay of one of the user's water accounts",
    // No such enrolment: 404 for the admin, the refusals for everyone else.
    example: { params: { id: "{otherUid}", autopayId: "AP999999999999" } },
    handler: async ({ params, log }) => {
      const accounts = await accountsWithAutopay(params.id);
      const enrolled = accounts.find((account) => account.autopay?.autopayId === params.autopayId);
      if (!enrolled) throw notFound("This user has no such autopay.");
      await billingConnector().removeAutopay(params.autopayId);
      log.info("admin removed a user's autopay");
      return { success: true };
    },
  }),

  route({
    method: "DELETE",
    path: "/api/users/payment-settings/:id/payment-methods/:methodId",
    audit: { action: "user.payment-method.remove", person: { in: "params", field: "id" } },
    access: "admin",
    params: ZDocumentIdParams.extend({ methodId: ZProviderId }),
    summary: "Admin: deletes one of the user's stored payment methods",
    example: { params: { id: "{otherUid}", methodId: "9999999999999999" } },
    handler: async ({ params, log }) => {
      const owner = await paymentOwner(params.id);
      const profile = await ownPaymentProfile(owner, params.methodId);
      if (!profile) throw notFound("This user has no such stored payment method.");
      await gatewayConnector().deletePaymentProfile(await gatewayCustomerOf(owner), profile.Id);
      log.info("admin deleted a user's stored payment method");
      return { success: true };
    },
  }),
];
