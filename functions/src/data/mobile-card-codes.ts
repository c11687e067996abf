import { createHash, randomBytes } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * mobileCardCodes/{sha256(code)}: a short-lived, single-use hand-off from the signed-in mobile app
 * to /add-stored-payment-mobile, which the app opens top-level without a portal session. `kind`
 * `issued` is the code; `claimed` (id suffixed `.claimed`) marks it used, created with `create()`
 * so two concurrent exchanges can never both use one code. Only the hash is stored; `expiresAt`
 * is for a Firestore TTL policy in production.
 */
export const ZMobileCardCodeDoc = z.object({
  kind: z.enum(["issued", "claimed"]).catch("issued"),
  userId: ZText,
  expiresAt: ZTimestamp,
});

export const mobileCardCodesCollection = typedCollection("mobileCardCodes", ZMobileCardCodeDoc);

const codeHash = (code: string) => createHash("sha256").update(code).digest("hex");

/** Issues a new code for a user, valid for `lifetimeMs`; the code itself is never stored. */
export async function issueMobileCardCode(
  userId: string,
  lifetimeMs: number,
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await mobileCardCodesCollection()
    .doc(codeHash(code))
    .create({ kind: "issued", userId, expiresAt: Timestamp.fromDate(expiresAt) });
  return { code, expiresAt };
}

/**
 * Uses a code once: the user it was issued to, or null when it is unknown, expired or used before
 * (also by a concurrent request).
 */
export async function claimMobileCardCode(code: string): Promise<string | null> {
  const id = codeHash(code);
  const issued = (await mobileCardCodesCollection().doc(id).get()).data();
  if (issued?.kind !== "issued" || !issued.userId) return null;
  if (!issued.expiresAt || issued.expiresAt.toMillis() <= Date.now()) return null;
  try {
    await mobileCardCodesCollection()
      .doc(`${id}.claimed`)
      .create({ kind: "claimed", userId: issued.userId, expiresAt: issued.expiresAt });
  } catch (error) {
    if (isAlreadyExists(error)) return null;
    throw error;
  }
  return issued.userId;
}
