import { Timestamp } from "firebase-admin/firestore";
import { holdersOfBillingAccount } from "../../data/billing-accounts";
import { newBatch } from "../../data/collection";
import { newMessage, notificationsCollection } from "../../data/notifications";
import { readUser } from "../../data/users";

/** The message a holder reads, in their language (users/{uid}.Language; English otherwise). */
const NOTICE = {
  en: {
    title: "Another portal user linked your water account",
    body: (address: string) =>
      `Someone signed in to the City portal with another account has linked the water account at ${address} to it. If that was not you or someone in your household, please call Utility Billing.`,
  },
  es: {
    title: "Otro usuario del portal vinculó su cuenta de agua",
    body: (address: string) =>
      `Alguien que inició sesión en el portal de la Ciudad con otra cuenta vinculó a ella la cuenta de agua de ${address}. Si no fue usted ni alguien de su hogar, llame a Facturación de Servicios Públicos.`,
  },
} as const;

/**
 * Finding 1 of the security review: a utility account linked by guessing must not go unnoticed.
 * Every other portal user who holds the same account (billingAccounts with its customer and
 * location) gets a message saying another portal user linked it. Returns how many were told.
 */
export async function tellOtherHolders(
  linkedBy: string,
  account: { customerId: string; locationId: string; serviceAddress: string },
): Promise<number> {
  const holders = await holdersOfBillingAccount(account.customerId, account.locationId);
  const others = holders.filter((uid) => uid !== linkedBy);
  if (others.length === 0) return 0;
  const address = account.serviceAddress || `${account.customerId}-${account.locationId}`;
  const batch = newBatch();
  for (const uid of others) {
    const notice = (await readUser(uid))?.Language === "es" ? NOTICE.es : NOTICE.en;
    batch.set(
      notificationsCollection().doc(),
      newMessage({ userId: uid, title: notice.title, body: notice.body(address), createdAt: Timestamp.now() }),
    );
  }
  await batch.commit();
  return others.length;
}
