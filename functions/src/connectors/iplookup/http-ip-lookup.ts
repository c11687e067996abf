import { isIP } from "node:net";
import { fetchWithTimeout } from "../../platform/outbound";
import { ConnectorError } from "../connector-error";
import { type IpLookupConfig, ipLookupConfigFromEnv } from "./config";

const SYSTEM = "iplookup";

export interface IpLookupConnector {
  /** The public IP address the lookup service sees the caller at. */
  publicIp(): Promise<string>;
}

/** The real adapter for an ipify-style service: GET -> {"ip": "203.0.113.7"}. */
export function createHttpIpLookup(fixedConfig?: IpLookupConfig): IpLookupConnector {
  return {
    async publicIp() {
      const { url, timeoutMs } = fixedConfig ?? ipLookupConfigFromEnv();
      let body: unknown;
      try {
        const response = await fetchWithTimeout(url, { headers: { accept: "application/json" }, timeoutMs });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new ConnectorError(SYSTEM, "unavailable", "The IP lookup service did not answer", String(error));
      }
      const ip = (body as { ip?: unknown } | null)?.ip;
      if (typeof ip !== "string" || !isIP(ip)) {
        throw new ConnectorError(SYSTEM, "unavailable", "The IP lookup service answered no address", body);
      }
      return ip;
    },
  };
}
