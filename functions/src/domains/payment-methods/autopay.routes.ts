// PUT /api/autopay, DELETE /api/autopay/{autopayId}, DELETE /api/autopay/ (body accountNumber)
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { type AccountAutopay, ZSaveAutopayInput } from "../../contract/autopay";
import { type BillingAccountOwner, normalizeCustomerId } from "../../contract/billing-account";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { isFeatureFlagOn } from "../../data/feature-flags";
import { ApiError, badRequest, notFound } from "../../platform/http/api-error";
import { ZOrganizationQuery } from "../../platform/http/organization-field";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { ownAutopayCard } from "./payment-methods.service";

/**
 * Whose water accounts a request acts on: the caller's own, or an organization's (the route's
 * organization rule has checked the caller is a verified member of it).
 */
const ownerOf = (caller: Principal, organizationId: string | undefined): BillingAccountOwner =>
  organizationId ? { organizationId } : { userId: caller.uid };

/** One of the owner's water accounts, or 404 (someone else's account is not found). */
async function ownAccount(owner: BillingAccountOwner, customerId: string, locationId: string) {
  const accounts = await billingAccountsOwnedBy(owner);
  const same = (a: string, b: string) => normalizeCustomerId(a) === normalizeCustomerId(b);
  const found = accounts.find(({ data }) => same(data.customerId, customerId) && same(data.locationId, locationId));
  if (!found) throw notFound("No such water account of yours.");
  return { customerId: found.data.customerId, locationId: found.data.locationId };
}

/** Removes the autopay of one of the owner's accounts, found by its id or its account number. */
async function removeOwnAutopay(owner: BillingAccountOwner, match: { autopayId?: string; accountNumber?: string }) {
  const accounts = await billingAccountsOwnedBy(owner);
  for (const { data } of accounts) {
    const account = { customerId: data.customerId, locationId: data.locationId };
    if (match.accountNumber && match.accountNumber !== `${data.customerId}-${data.locationId}`) continue;
    const enrolment = await billingConnector().autopayStatus(account);
    if (enrolment && (!match.autopayId || enrolment.autopayId === match.autopayId)) {
      await billingConnector().removeAutopay(enrolment.autopayId);
      return { success: true as const };
    }
  }
  throw notFound("No such autopay of yours.");
}

export const autopayRoutes: AnyRoute[] = [
  route({
    method: "PUT",
    path: "/api/autopay",
    access: "onboarded",
    summary:
      "Enrols one of the caller's (or their organization's) water accounts in autopay with a saved card or a bank account",
    body: ZSaveAutopayInput,
    organization: { in: "body", field: "organizationId", role: "member" },
    // Not the caller's account: every principal gets 404.
    example: { body: { navilineCustomerId: "999999999", navilineLocationId: "999999999", savedCard: "1" } },
    handler: async ({ user, body, log }): Promise<AccountAutopay> => {
      const caller = requireUser(user);
      const account = await ownAccount(
        ownerOf(caller, body.organizationId),
        body.navilineCustomerId,
        body.navilineLocationId,
      );
      let enrolment: Awaited<ReturnType<ReturnType<typeof billingConnector>["enrolAutopay"]>>;
      let cardExpiry: string | null = null;
      if ("savedCard" in body) {
        // A legacy gateway profile or a CORE stored method (EnableCORE's card tab offers both).
        const card = await ownAutopayCard(caller, body.savedCard);
        if (!card) throw badRequest("Select one of your saved cards.", { savedCard: "Billing.Autopay.SelectCard" });
        cardExpiry = card.expiry;
        enrolment = await billingConnector().enrolAutopay(account, { kind: "card", paymentProfileId: card.id });
      } else {
        // The bank tab exists only while EnableACHAutopay is on (spec 2 §5); the API refuses it too.
        if (!(await isFeatureFlagOn("EnableACHAutopay"))) {
          throw new ApiError("forbidden", "Autopay from a bank account is not available.", {
            routingNumber: "Billing.Autopay.BankUnavailable",
          });
        }
        enrolment = await billingConnector().enrolAutopay(account, {
          kind: "bank",
          routingNumber: body.routingNumber,
          accountNumber: body.accountNumber,
          accountType: body.accountType,
        });
      }
      log.info("autopay saved", { status: enrolment.status });
      return {
        AutopayId: enrolment.autopayId,
        AutopayStatus: enrolment.status,
        AutopayEnabled: true,
        PaymentProfileId: enrolment.paymentProfileId,
        CardExpiry: cardExpiry,
      };
    },
  }),
  route({
    method: "DELETE",
    path: "/api/autopay/:autopayId",
    access: "onboarded",
    summary: "Removes the autopay of one of the caller's (or their organization's) water accounts",
    params: z.object({ autopayId: z.string().regex(/^[A-Za-z0-9]{1,32}$/) }),
    query: ZOrganizationQuery,
    organization: { in: "query", field: "organizationId", role: "member" },
    example: { params: { autopayId: "AP999999999999" } },
    handler: async ({ user, params, query }) =>
      removeOwnAutopay(ownerOf(requireUser(user), query.organizationId), { autopayId: params.autopayId }),
  }),
  route({
    method: "DELETE",
    path: "/api/autopay/",
    access: "onboarded",
    summary: "Removes the autopay of one of the caller's water accounts, named by its account number",
    body: z.object({
      accountNumber: z
        .string()
        .max(40)
        .transform(normalizeCustomerId)
        .pipe(z.string().regex(/^\d{1,12}-\d{1,12}$/)),
    }),
    example: { body: { accountNumber: "999999999-999999999" } },
    handler: async ({ user, body }) =>
      removeOwnAutopay({ userId: requireUser(user).uid }, { accountNumber: body.accountNumber }),
  }),
];
