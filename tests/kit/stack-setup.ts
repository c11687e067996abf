import { beforeAll } from "vitest";
import { testAdmin } from "./admin.ts";
import { stackInfo } from "./stack-info.ts";
import { resetThrottles } from "./throttles.ts";

// Every stack test file starts with fresh throttle budgets (see resetThrottles) and the billing
// system's seeded balances and autopay: api/payments pays the delinquent account in full, and
// later files read it as an account that owes. The portal's stored billing summaries go with it.
beforeAll(async () => {
  await resetThrottles();
  const reset = await fetch(`${stackInfo().sandboxes.billing}/__sandbox/reset-payments`, { method: "POST" });
  if (!reset.ok) throw new Error(`The billing sandbox did not reset its payments: ${reset.status}`);
  // The portal's stored billing summaries describe the balances before that reset: drop them.
  const { db } = testAdmin();
  const summaries = await db.collection("billingSummaries").get();
  await Promise.all(summaries.docs.map((doc) => doc.ref.delete()));
});
