import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface IpLookupConfig {
  /** An ipify-style endpoint answering {ip}, e.g. https://api.ipify.org?format=json. */
  url: string;
  timeoutMs: number;
}

export function ipLookupConfigFromEnv(env: NodeJS.ProcessEnv = process.env): IpLookupConfig {
  return {
    url: env.IP_LOOKUP_URL ?? "https://api.ipify.org?format=json",
    timeoutMs: Number(env.IP_LOOKUP_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
