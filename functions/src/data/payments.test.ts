import { describe, expect, it } from "vitest";
import { TRANSACTION_RACE_TIMEOUT_MS, useFirestoreEmulator } from "./__tests__/firestore-emulator";
import { holdPaymentReference, paymentReferencesCollection, releasePaymentReference } from "./payments";

useFirestoreEmulator("demo-payment-references");

// Each test races attempts inside the claim's transaction (see TRANSACTION_RACE_TIMEOUT_MS).
const race = (reference: string, attempts: string[]) =>
  Promise.all(attempts.map((paymentId) => holdPaymentReference(reference, paymentId)));

describe("payment reference claims", () => {
  it(
    "of attempts that all find a reference free, exactly one holds it",
    async () => {
      const claims = await race("form-submission-1", ["p1", "p2", "p3", "p4"]);
      expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
      const stored = (await paymentReferencesCollection().get()).docs.map((doc) => doc.data());
      expect(stored).toHaveLength(1);
      expect(claims[["p1", "p2", "p3", "p4"].indexOf(stored[0]?.paymentId ?? "")]).not.toBeNull();
    },
    TRANSACTION_RACE_TIMEOUT_MS,
  );

  it(
    "a released claim goes to exactly one of the attempts racing for it, and a late release frees nothing",
    async () => {
      const first = await holdPaymentReference("form-submission-2", "q1");
      expect(first).not.toBeNull();
      await releasePaymentReference(first as string);
      const claims = await race("form-submission-2", ["q2", "q3", "q4"]);
      expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
      // The first attempt's release again (a retried refusal) leaves the new holder's claim alone.
      await releasePaymentReference(first as string);
      expect(await holdPaymentReference("form-submission-2", "q5")).toBeNull();
    },
    TRANSACTION_RACE_TIMEOUT_MS,
  );
});
