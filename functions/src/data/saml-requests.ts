import { createHash } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/** samlRequests/{sha256(issuer, id)}: an AuthnRequest id answered once; `expiresAt` for a TTL policy. */
export const ZSamlRequestDoc = z.object({
  issuer: ZText,
  requestId: ZText,
  expiresAt: ZTimestamp,
});

export const samlRequestsCollection = typedCollection("samlRequests", ZSamlRequestDoc);

/** Records an answered request id; false when it was answered before (a replay). */
export async function claimSamlRequestId(issuer: string, requestId: string, keepUntil: Date): Promise<boolean> {
  const id = createHash("sha256").update(`${issuer}\n${requestId}`).digest("hex");
  try {
    await samlRequestsCollection()
      .doc(id)
      .create({ issuer, requestId, expiresAt: Timestamp.fromDate(keepUntil) });
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}
