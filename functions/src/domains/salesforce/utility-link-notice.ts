import { Timestamp } from "firebase-admin/firestore";
import { db } from "../../platform/firebase";

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
  const links = await db()
    .collection("billingAccounts")
    .where("customerId", "==", account.customerId)
    .where("locationId", "==", account.locationId)
    .get();
  const holders = new Set(
    links.docs
      .map((doc) => doc.get("userId"))
      .filter((uid): uid is string => typeof uid === "string" && uid !== linkedBy),
  );
  if (holders.size === 0) return 0;
  const users = await db().getAll(...[...holders].map((uid) => db().collection("users").doc(uid)));
  const batch = db().batch();
  for (const user of users) {
    const notice = user.get("Language") === "es" ? NOTICE.es : NOTICE.en;
    batch.set(db().collection("notifications").doc(), {
      UserId: user.id,
      Title: notice.title,
      Body: notice.body(account.serviceAddress || `${account.customerId}-${account.locationId}`),
      CreatedAt: Timestamp.now(),
      ReadAt: null,
      SObjectType: null,
      SalesforceId: null,
    });
  }
  await batch.commit();
  return holders.size;
}
