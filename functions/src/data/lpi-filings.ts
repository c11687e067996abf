import { createHash } from "node:crypto";
import { FieldValue, type Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { type DocOf, isAlreadyExists, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * lpiFilings/{sha256(contact, parent record)}: who files a resident's late-payment-interest
 * application for one record (issue 32: a letter's link opened twice, in two tabs or on two
 * instances, files one application). Claimed with `create()` before the CRM is written, so of
 * concurrent requests on any number of instances exactly one files; the others wait for its
 * application. `filing` while the CRM is written, `filed` with the application once it is there.
 */
export const ZLpiFilingDoc = z.object({
  state: z.enum(["filing", "filed"]).catch("filing"),
  uid: ZText,
  parentId: ZText,
  applicationId: ZText,
  caseNumber: ZText,
  startedAt: ZTimestamp,
});
export type LpiFilingDoc = DocOf<typeof ZLpiFilingDoc>;

export const lpiFilingsCollection = typedCollection("lpiFilings", ZLpiFilingDoc);

const filingRef = (contactId: string, parentId: string) =>
  lpiFilingsCollection().doc(createHash("sha256").update(`${contactId}\n${parentId}`).digest("hex").slice(0, 40));

/** A claim held by another request, with the stored time it was last written (for a conditional release). */
export type HeldFiling = LpiFilingDoc & { updateTime: Timestamp };

/**
 * Claims the filing of the contact's application for a parent record: `claimed` with the claim's
 * write time when this call created it, else the claim as stored (another request's, filing or
 * filed). A claim that vanished between the create and the read is claimed again.
 */
export async function claimLpiFiling(
  contactId: string,
  parentId: string,
  uid: string,
): Promise<{ claimed: true; writeTime: Timestamp } | { claimed: false; held: HeldFiling }> {
  const ref = filingRef(contactId, parentId);
  for (;;) {
    try {
      const { writeTime } = await ref.create({
        state: "filing",
        uid,
        parentId,
        applicationId: null,
        caseNumber: null,
        startedAt: FieldValue.serverTimestamp(),
      } as unknown as LpiFilingDoc);
      return { claimed: true, writeTime };
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    const snapshot = await ref.get();
    const held = snapshot.data();
    if (held && snapshot.updateTime) return { claimed: false, held: { ...held, updateTime: snapshot.updateTime } };
  }
}

/** The claim's application is in the CRM: later requests answer it. */
export async function recordLpiFiled(
  contactId: string,
  parentId: string,
  application: { Id: string; caseNumber: string },
): Promise<void> {
  await filingRef(contactId, parentId).update({
    state: "filed",
    applicationId: application.Id,
    caseNumber: application.caseNumber,
  });
}

/** The claim as it is now, or undefined when there is none. */
export async function readLpiFiling(contactId: string, parentId: string): Promise<LpiFilingDoc | undefined> {
  return (await filingRef(contactId, parentId).get()).data();
}

/**
 * Frees a claim so the record may be filed again: its filing failed (nothing was filed), its filer
 * died, or its application was rejected. Only if the claim is still as read (`updateTime`), so a
 * claim another request took over or completed meanwhile is never freed; true when freed.
 */
export async function releaseLpiFiling(contactId: string, parentId: string, updateTime: Timestamp): Promise<boolean> {
  try {
    await filingRef(contactId, parentId).delete({ lastUpdateTime: updateTime });
    return true;
  } catch (error) {
    // FAILED_PRECONDITION: written since it was read.
    if ((error as { code?: unknown } | null)?.code === 9) return false;
    throw error;
  }
}
