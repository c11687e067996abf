import { beforeAll } from "vitest";
import { SEEDED_USERS } from "../../emulators/src/seed/fixtures.ts";
import { testAdmin } from "./admin.ts";
import { forgetSignIns } from "./principals.ts";
import { stackInfo } from "./stack-info.ts";
import { resetThrottles } from "./throttles.ts";

// Every stack test file starts with fresh throttle budgets (see resetThrottles) and the billing
// system's seeded balances and autopay: api/payments pays the delinquent account in full, and
// later files read it as an account that owes. The portal's stored billing summaries go with it.
// The seeded people speak English again: a journey that switches the language as Maria stores "es"
// on her user document (the app keeps a signed-in choice), and the rehearsal CI of 9480f70 failed
// api/counter ("Su visita al Ayuntamiento…" where the seed's English was expected) after
// browser/delinquency-notifications and others had run first on the same stack.
beforeAll(async () => {
  forgetSignIns();
  await resetThrottles();
  const reset = await fetch(`${stackInfo().sandboxes.billing}/__sandbox/reset-payments`, { method: "POST" });
  if (!reset.ok) throw new Error(`The billing sandbox did not reset its payments: ${reset.status}`);
  // The portal's stored billing summaries describe the balances before that reset: drop them.
  const { db } = testAdmin();
  const summaries = await db.collection("billingSummaries").get();
  await Promise.all(summaries.docs.map((doc) => doc.ref.delete()));
  // Only the seeded people who have a user document (not every sign-in has one before onboarding).
  const people = await db.getAll(...SEEDED_USERS.map(({ uid }) => db.collection("users").doc(uid)));
  await Promise.all(
    people
      .filter((person) => person.exists)
      .map((person) => person.ref.update({ Language: "en", isLanguageOverwrittenByDropdown: false })),
  );
});
