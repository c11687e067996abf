import { beforeAll } from "vitest";
import { stackInfo } from "./stack-info.ts";
import { resetThrottles } from "./throttles.ts";

// Every stack test file starts with fresh throttle budgets (see resetThrottles) and the billing
// system's seeded balances and autopay: api/payments pays the delinquent account in full, and
// later files read it as an account that owes.
beforeAll(async () => {
  await resetThrottles();
  const reset = await fetch(`${stackInfo().sandboxes.billing}/__sandbox/reset-payments`, { method: "POST" });
  if (!reset.ok) throw new Error(`The billing sandbox did not reset its payments: ${reset.status}`);
});
