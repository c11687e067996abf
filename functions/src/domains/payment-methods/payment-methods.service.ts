import { coreConnector, gatewayConnector } from "../../connectors/payments/connection";
import type { PaymentProfile as GatewayPaymentProfile } from "../../connectors/payments/types";
import type { PaymentProfile } from "../../contract/payment-methods";
import { PromiseCache } from "../../platform/cache";
import type { Principal } from "../../platform/http/principal";

/**
 * The gateway's customer profile id per portal user. The gateway answers the same id when asked
 * again (one customer per merchantCustomerId), so an instance may forget it at any time.
 */
const customerProfiles = new PromiseCache<string, string>({ ttlMs: 6 * 60 * 60_000, max: 5000 });

/** The caller's customer profile at the legacy gateway, made on first use. */
export function gatewayCustomerOf(caller: Pick<Principal, "uid" | "email">): Promise<string> {
  return customerProfiles.get(caller.uid, () =>
    gatewayConnector().ensureCustomerProfile({ userId: caller.uid, email: caller.email ?? "" }),
  );
}

const toPaymentProfile = (profile: GatewayPaymentProfile): PaymentProfile => ({
  Id: profile.paymentProfileId,
  Token: profile.paymentProfileId,
  MaskedAccountNumber: profile.maskedAccountNumber,
  Type: profile.type,
  ProfileDescription: profile.description,
  Default: profile.isDefault,
});

/** The caller's saved legacy payment profiles, the default one first (the payment page preselects it). */
export async function paymentProfilesOf(caller: Pick<Principal, "uid" | "email">): Promise<PaymentProfile[]> {
  const customerProfileId = await gatewayCustomerOf(caller);
  const profiles = await gatewayConnector().listPaymentProfiles(customerProfileId);
  return profiles.map(toPaymentProfile).sort((a, b) => Number(b.Default) - Number(a.Default));
}

/**
 * One of the caller's own saved profiles with the gateway ids a charge needs, or null when the
 * caller has no such profile (someone else's id is simply not found in the caller's list).
 */
export async function ownPaymentProfile(
  caller: Pick<Principal, "uid" | "email">,
  paymentProfileId: string,
): Promise<(PaymentProfile & { customerProfileId: string }) | null> {
  const customerProfileId = await gatewayCustomerOf(caller);
  const profiles = await gatewayConnector().listPaymentProfiles(customerProfileId);
  const found = profiles.find((profile) => profile.paymentProfileId === paymentProfileId);
  return found ? { ...toPaymentProfile(found), customerProfileId } : null;
}

/** A saved card autopay can use: a legacy gateway profile or a CORE stored method. */
export interface AutopayCard {
  id: string;
  provider: "legacy" | "core";
  /** Last valid month, YYYY-MM, or null when the provider does not say. */
  expiry: string | null;
}

/**
 * The caller's saved cards at both providers (autopay takes either; spec 2: the card tab offers
 * the CORE stored methods when EnableCORE is on). The providers' ids are both numeric; a legacy
 * profile wins if the two ever shared one.
 */
export async function autopayCardsOf(caller: Pick<Principal, "uid" | "email">): Promise<AutopayCard[]> {
  const customerProfileId = await gatewayCustomerOf(caller);
  const [profiles, methods] = await Promise.all([
    gatewayConnector().listPaymentProfiles(customerProfileId),
    coreConnector().listPaymentMethods(caller.uid),
  ]);
  return [
    ...profiles
      .filter((profile) => profile.type === "card")
      .map((profile): AutopayCard => ({ id: profile.paymentProfileId, provider: "legacy", expiry: profile.expiry })),
    ...methods.map((method): AutopayCard => ({ id: method.id, provider: "core", expiry: method.expiry })),
  ];
}

/** One of the caller's own saved cards (either provider), or null: someone else's id is not found. */
export async function ownAutopayCard(
  caller: Pick<Principal, "uid" | "email">,
  id: string,
): Promise<AutopayCard | null> {
  return (await autopayCardsOf(caller)).find((card) => card.id === id) ?? null;
}
