import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

/** A deployment mistake, not a provider outage: it must surface as a bug. */
export class PaymentsConfigError extends Error {}

export interface GatewayConfig {
  /** e.g. https://gateway.example.com/gateway/v1 */
  baseUrl: string;
  loginId: string;
  transactionKey: string;
  timeoutMs: number;
}

export interface CoreConfig {
  /** e.g. https://core.example.com/core/v1 */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

const required = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name];
  if (!value) throw new PaymentsConfigError(`${name} must be set`);
  return value;
};

const timeout = (env: NodeJS.ProcessEnv) => Number(env.PAYMENTS_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS);

/** Read at call time, so secrets and URLs can be set after the module loads. */
export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    baseUrl: required(env, "PAYMENTS_GATEWAY_URL").replace(/\/$/, ""),
    loginId: required(env, "PAYMENTS_GATEWAY_LOGIN_ID"),
    transactionKey: required(env, "PAYMENTS_GATEWAY_TRANSACTION_KEY"),
    timeoutMs: timeout(env),
  };
}

export function coreConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CoreConfig {
  return {
    baseUrl: required(env, "CORE_BASE_URL").replace(/\/$/, ""),
    apiKey: required(env, "CORE_API_KEY"),
    timeoutMs: timeout(env),
  };
}
