import { isIP } from "node:net";
import { ConnectorError } from "../../platform/connector-error";
import { callJson } from "../http-json";
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
      const { body } = await callJson<unknown>(
        { system: SYSTEM, label: "The IP lookup service", timeoutMs, unavailable: (status) => status >= 400 },
        url,
      );
      const ip = (body as { ip?: unknown } | null)?.ip;
      if (typeof ip !== "string" || !isIP(ip)) {
        throw new ConnectorError(SYSTEM, "unavailable", "The IP lookup service answered no address", body);
      }
      return ip;
    },
  };
}
