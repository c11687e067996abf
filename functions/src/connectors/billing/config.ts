import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface BillingConfig {
  /** e.g. https://naviline.example.gov/naviline (the sandbox's URL locally). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** A deployment mistake, not a billing outage: it must surface as a bug. */
export class BillingConfigError extends Error {}

/** Read at call time, so the secret and URL can be set after the module loads. */
export function billingConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const baseUrl = env.BILLING_BASE_URL;
  const apiKey = env.BILLING_API_KEY;
  if (!baseUrl || !apiKey) throw new BillingConfigError("BILLING_BASE_URL and BILLING_API_KEY must be set");
  return {
    baseUrl: baseUrl.replace(/\/$/, ""),
    apiKey,
    timeoutMs: Number(env.BILLING_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
