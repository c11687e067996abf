// PUT /api/autopay, DELETE /api/autopay/{autopayId}, DELETE /api/autopay/ (body accountNumber)
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { type AccountAutopay, ZSaveAutopayInput } from "../../contract/autopay";
import { normalizeCustomerId } from "../../contract/billing-account";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { badRequest, notFound } from "../../platform/http/api-error";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { ownAutopayCard } from "./payment-methods.service";

/** One of the caller's own water accounts, or 404 (someone else's account is not found). */
async function ownAccount(caller: Principal, customerId: string, locationId: string) {
  const accounts = await billingAccountsOwnedBy({ userId: caller.uid });
  const found = accounts.find(({ data }) => data.customerId === customerId && data.locationId === locationId);
  if (!found) throw notFound("No such water account of yours.");
  return { customerId, locationId };
}

/** Removes the autopay of one of the caller's accounts, found by its id or its account number. */
async function removeOwnAutopay(caller: Principal, match: { autopayId?: string; accountNumber?: string }) {
  const accounts = await billingAccountsOwnedBy({ userId: caller.uid });
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
    summary: "Enrols one of the caller's water accounts in autopay with a saved card or a bank account",
    body: ZSaveAutopayInput,
    // Not the caller's account: every principal gets 404.
    example: { body: { navilineCustomerId: "999999999", navilineLocationId: "999999999", savedCard: "1" } },
    handler: async ({ user, body, log }): Promise<AccountAutopay> => {
      const caller = requireUser(user);
      const account = await ownAccount(caller, body.navilineCustomerId, body.navilineLocationId);
      let enrolment: Awaited<ReturnType<ReturnType<typeof billingConnector>["enrolAutopay"]>>;
      let cardExpiry: string | null = null;
      if ("savedCard" in body) {
        // A legacy gateway profile or a CORE stored method (EnableCORE's card tab offers both).
        const card = await ownAutopayCard(caller, body.savedCard);
        if (!card) throw badRequest("Select one of your saved cards.");
        cardExpiry = card.expiry;
        enrolment = await billingConnector().enrolAutopay(account, { kind: "card", paymentProfileId: card.id });
      } else {
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
    summary: "Removes the autopay of one of the caller's water accounts",
    params: z.object({ autopayId: z.string().regex(/^[A-Za-z0-9]{1,32}$/) }),
    example: { params: { autopayId: "AP999999999999" } },
    handler: async ({ user, params }) => removeOwnAutopay(requireUser(user), { autopayId: params.autopayId }),
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
    handler: async ({ user, body }) => removeOwnAutopay(requireUser(user), { accountNumber: body.accountNumber }),
  }),
];
