import type { Job } from "./job";

/** Settles payments whose request ended between the charge and its record (domains/payments/reconcile.service.ts). */
export const paymentsReconcileJob: Job = {
  name: "payments-reconcile",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  run: async () => (await import("../domains/payments/reconcile.service")).reconcilePayments(),
};
