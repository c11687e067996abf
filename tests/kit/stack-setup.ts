import { beforeAll } from "vitest";
import { resetThrottles } from "./throttles.ts";

// Every stack test file starts with fresh throttle budgets (see resetThrottles).
beforeAll(async () => {
  await resetThrottles();
});
