// GET/POST /api/payment-methods, GET/DELETE /api/payment-methods/{id},
// GET /api/core/payment-methods(/iframe), DELETE /api/core/payment-methods/{id}/{userId}
// (the mobile app's hand-off to /add-stored-payment-mobile is in mobile-card.routes.ts)
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { coreConnector, gatewayConnector } from "../../connectors/payments/connection";
import type { CoreStoredPayment, PaymentProfile } from "../../contract/payment-methods";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { notFound } from "../../platform/http/api-error";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { gatewayCustomerOf, ownAutopayCard, ownPaymentProfile, paymentProfilesOf } from "./payment-methods.service";

const ZProviderId = z.string().regex(/^[A-Za-z0-9]{1,32}$/, { message: "Invalid" });
/** A saved method by its provider id, in the path. */
const ZProviderIdParams = z.object({ id: ZProviderId });
/** `?userId=`, which must name the caller: a list of the caller's own (its access-matrix example too). */
const CALLERS_OWN_LIST = {
  query: z.object({ userId: z.string().min(1).max(128) }),
  owner: { in: "query", field: "userId" },
  example: { query: { userId: "{uid}" } },
} as const;

/** Whether any of the caller's water accounts pays by autopay with this saved profile. */
async function usedByAutopay(caller: Principal, paymentProfileId: string): Promise<boolean> {
  const accounts = await billingAccountsOwnedBy({ userId: caller.uid });
  const enrolments = await Promise.all(
    accounts.map(({ data }) =>
      billingConnector().autopayStatus({ customerId: data.customerId, locationId: data.locationId }),
    ),
  );
  return enrolments.some((enrolment) => enrolment?.paymentProfileId === paymentProfileId);
}

/**
 * A session of the provider's hosted add-card frame for a portal user; answers the URL to embed.
 * The frame accepts only the configured portal origin as its parent (PORTAL_URL, as the payment and
 * forms frames): an origin built from Host/X-Forwarded-Host would let any site that sends those
 * headers embed the frame (issue 26, finding 5).
 */
export async function addCardFrameSession(userId: string, english: boolean): Promise<{ iframeUrl: string }> {
  const { iframeUrl } = await coreConnector().createIframeSession({
    transactionType: "ADD_CARD",
    customerId: userId,
    language: english ? "en" : "es",
    parentOrigin: portalOrigin(),
  });
  return { iframeUrl };
}

/** Saved legacy payment profiles and CORE stored methods (spec 2 §7). */
export const paymentMethodsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment-methods",
    access: "onboarded",
    summary: "The caller's saved payment profiles at the card gateway, the default one marked and first",
    ...CALLERS_OWN_LIST,
    handler: async ({ user }): Promise<PaymentProfile[]> => paymentProfilesOf(requireUser(user)),
  }),
  route({
    method: "POST",
    path: "/api/payment-methods",
    access: "onboarded",
    summary: "Saves a card from the gateway's hosted card form (its one-time nonce) as a payment profile",
    body: z.object({
      userId: z.string().min(1).max(128),
      nonce: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/),
      makeDefault: z.boolean().optional(),
    }),
    owner: { in: "body", field: "userId" },
    // The nonce is unknown to the gateway: 422 for everyone who reaches the route.
    example: { body: { userId: "{uid}", nonce: "unknown-nonce-0000" } },
    handler: async ({ user, body }): Promise<{ success: true; Id: string }> => {
      const caller = requireUser(user);
      const customerProfileId = await gatewayCustomerOf(caller);
      // A nonce is single-use, so it is also the natural idempotency key of this save.
      const id = await gatewayConnector().createPaymentProfile(
        customerProfileId,
        { kind: "card", nonce: body.nonce, makeDefault: body.makeDefault },
        `profile-${body.nonce}`,
      );
      return { success: true, Id: id };
    },
  }),
  route({
    method: "GET",
    path: "/api/payment-methods/:id",
    access: "onboarded",
    summary: "Whether one of the caller's saved profiles or CORE stored methods pays an autopay (true) or not (false)",
    params: ZProviderIdParams,
    example: { params: { id: "9100000000000001" } },
    handler: async ({ user, params }): Promise<boolean> => {
      const caller = requireUser(user);
      // A CORE card can pay autopay too (the autopay modal offers it with EnableCORE on).
      if (!(await ownPaymentProfile(caller, params.id)) && !(await ownAutopayCard(caller, params.id)))
        throw notFound("No such saved payment method of yours.");
      return usedByAutopay(caller, params.id);
    },
  }),
  route({
    method: "DELETE",
    path: "/api/payment-methods/:id",
    access: "onboarded",
    summary: "Deletes one of the caller's saved payment profiles",
    params: ZProviderIdParams,
    example: { params: { id: "9999999999999999" } },
    handler: async ({ user, params }): Promise<{ success: true }> => {
      const caller = requireUser(user);
      const profile = await ownPaymentProfile(caller, params.id);
      if (!profile) throw notFound("No such saved payment method of yours.");
      await gatewayConnector().deletePaymentProfile(profile.customerProfileId, profile.Id);
      return { success: true };
    },
  }),
  route({
    method: "GET",
    path: "/api/core/payment-methods",
    access: "onboarded",
    summary: "The caller's stored methods at the hosted provider (CORE)",
    ...CALLERS_OWN_LIST,
    handler: async ({ query }): Promise<CoreStoredPayment[]> =>
      (await coreConnector().listPaymentMethods(query.userId)).map(({ id, name, card_type, accountnum }) => ({
        id,
        name,
        card_type,
        accountnum,
      })),
  }),
  route({
    method: "GET",
    path: "/api/core/payment-methods/iframe",
    access: "onboarded",
    summary: "A session of the hosted add-card frame for the caller; answers the URL to embed",
    query: z.object({ english: z.enum(["true", "false"]).optional() }),
    example: { query: {} },
    handler: async ({ user, query }): Promise<{ iframeUrl: string }> =>
      addCardFrameSession(requireUser(user).uid, query.english !== "false"),
  }),
  route({
    method: "DELETE",
    path: "/api/core/payment-methods/:id/:userId",
    access: "onboarded",
    summary: "Deletes one of the caller's stored methods at the hosted provider",
    params: z.object({ id: ZProviderId, userId: z.string().min(1).max(128) }),
    owner: { in: "params", field: "userId" },
    example: { params: { id: "9999999999999999", userId: "{uid}" } },
    handler: async ({ params }): Promise<{ success: true }> => {
      await coreConnector().deletePaymentMethod(params.userId, params.id);
      return { success: true };
    },
  }),
];
