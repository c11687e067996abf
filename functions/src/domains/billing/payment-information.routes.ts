// GET, POST and DELETE /api/naviline/paymentInformation (?userId=&organizationId=)

import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import type { AccountAutopay } from "../../contract/autopay";
import { type BillingAccountOwner, DUPLICATE_PAYMENT_ACCOUNT } from "../../contract/billing-account";
import { ZAddBillingAccountInput, ZRemoveBillingAccountQuery } from "../../contract/billing-account-forms";
import type { BillingAccountSummary } from "../../contract/messages";
import {
  billingAccountsOwnedBy,
  createBillingAccountLink,
  deleteBillingAccountLink,
} from "../../data/billing-accounts";
import { conflict, notFound } from "../../platform/http/api-error";
import { organizationOf, ZOrganizationId } from "../../platform/http/organization-field";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, callerOrMemberOrganization, route } from "../../platform/http/route";
import { tellOtherHolders } from "../accounts/utility-link-notice";
import { autopayCardsOf } from "../payment-methods/payment-methods.service";
import { summariesForView } from "./billing-summary.service";
import { proveWaterAccount, waterAccountLinkThrottles } from "./water-account-link.service";

/** Who the billing system knows as the web user of a link: the organization, else the user. */
const webUserOf = (owner: BillingAccountOwner) => ("organizationId" in owner ? owner.organizationId : owner.userId);

/**
 * The water accounts of a user or of an organization (contract/billing-account.ts), each with the
 * amount due and due date from the billing system.
 */
export async function billingAccountsOf(owner: BillingAccountOwner) {
  const accounts = await billingAccountsOwnedBy(owner);
  // Stored summaries while fresh (the billing-refresh job keeps viewed accounts fresh), else the lookup.
  const summaries = await summariesForView(accounts.map(({ data }) => data));
  return accounts.map(({ id, data }, index): BillingAccountSummary => {
    const summary = summaries[index];
    return {
      Id: id,
      customerId: data.customerId,
      locationId: data.locationId,
      accountNumber: `${data.customerId}-${data.locationId}`,
      serviceAddress: data.serviceAddress,
      amountDueCents: summary?.amountDueCents ?? 0,
      dueDate: summary?.dueDate ?? null,
    };
  });
}

export const paymentInformationRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/naviline/paymentInformation",
    access: "onboarded",
    summary: "Water billing accounts of the caller, or of an organization they belong to, with amounts due",
    query: z.object({
      userId: z.string().min(1).max(128),
      organizationId: ZOrganizationId,
      /** `true` adds each account's autopay (billing settings); the dashboard leaves it out. */
      autopay: z.enum(["true", "false"]).optional(),
    }),
    ...callerOrMemberOrganization("query"),
    example: { query: { userId: "{uid}" } },
    handler: async ({ query, user }): Promise<(BillingAccountSummary & { Autopay?: AccountAutopay })[]> => {
      const accounts = await billingAccountsOf(
        query.organizationId ? { organizationId: query.organizationId } : { userId: query.userId },
      );
      if (query.autopay !== "true") return accounts;
      const enrolments = await Promise.all(accounts.map((account) => billingConnector().autopayStatus(account)));
      // The expiry of the card on file (the summary warns when it lapses before the due date):
      // autopay is the caller's own (PUT /api/autopay), so the caller's saved cards hold it.
      const cardIds = enrolments.filter((enrolment) => enrolment?.status === "R" && enrolment.paymentProfileId);
      const cards = cardIds.length && !query.organizationId ? await autopayCardsOf(requireUser(user)) : [];
      return accounts.map((account, index) => {
        const enrolment = enrolments[index];
        const card = cards.find((candidate) => candidate.id === enrolment?.paymentProfileId);
        return {
          ...account,
          Autopay: {
            AutopayId: enrolment?.autopayId ?? null,
            AutopayStatus: enrolment?.status ?? "",
            AutopayEnabled: Boolean(enrolment),
            PaymentProfileId: enrolment?.paymentProfileId ?? null,
            CardExpiry: enrolment?.status === "R" ? (card?.expiry ?? null) : null,
          },
        };
      });
    },
  }),
  route({
    method: "POST",
    path: "/api/naviline/paymentInformation",
    access: "onboarded",
    summary:
      "Links a water account to the caller or their organization after the billing system checks the street number",
    body: ZAddBillingAccountInput,
    ...callerOrMemberOrganization("body"),
    // Guessing the street number must not pay (security review finding 1): onboarding's check and budget.
    throttle: waterAccountLinkThrottles("customerId"),
    // No such account in the billing system: every principal that reaches the route gets 400.
    example: { body: { userId: "{uid}", customerId: "999999999", locationId: "999999999", streetNumber: "1" } },
    handler: async ({ body, user, log }): Promise<{ success: true; serviceAddress: string }> => {
      const caller = requireUser(user);
      const organizationId = organizationOf(body.organizationId);
      const owner: BillingAccountOwner = organizationId ? { organizationId } : { userId: body.userId };
      const { customerId, locationId, streetNumber } = body;
      const existing = await billingAccountsOwnedBy(owner);
      if (existing.some(({ data }) => data.customerId === customerId && data.locationId === locationId))
        throw conflict(DUPLICATE_PAYMENT_ACCOUNT);
      const linked = await proveWaterAccount({ webUserId: webUserOf(owner), customerId, locationId, streetNumber });
      const created = await createBillingAccountLink({
        userId: organizationId ? null : body.userId,
        organizationId: organizationId ?? null,
        customerId,
        locationId,
        streetNumber,
        serviceAddress: linked.serviceAddress,
      });
      if (!created) throw conflict(DUPLICATE_PAYMENT_ACCOUNT);
      log.info("water account linked", { customerId, locationId, organization: Boolean(organizationId) });
      // The account's other portal holders are told (in their messages) that someone else linked it.
      const told = await tellOtherHolders(caller.uid, {
        customerId,
        locationId,
        serviceAddress: linked.serviceAddress,
      });
      if (told > 0) log.info("other holders of the water account told", { told });
      return { success: true, serviceAddress: linked.serviceAddress };
    },
  }),
  route({
    method: "DELETE",
    path: "/api/naviline/paymentInformation",
    access: "onboarded",
    summary: "Removes a water account from the caller or their organization",
    query: ZRemoveBillingAccountQuery,
    ...callerOrMemberOrganization("query"),
    example: { query: { userId: "{uid}", customerId: "999999999", locationId: "999999999" } },
    handler: async ({ query, log }): Promise<{ success: true }> => {
      const organizationId = organizationOf(query.organizationId);
      const owner: BillingAccountOwner = organizationId ? { organizationId } : { userId: query.userId };
      const { customerId, locationId } = query;
      if (!(await deleteBillingAccountLink(owner, customerId, locationId)))
        throw notFound("No such water account of yours.");
      // The portal's link is gone either way; the billing system's web-user link is best effort.
      await billingConnector()
        .unlinkAccount({ webUserId: webUserOf(owner), customerId, locationId })
        .catch((error: unknown) => log.warn("billing unlink failed", { error: String(error) }));
      return { success: true };
    },
  }),
];
