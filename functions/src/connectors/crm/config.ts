import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface CrmConfig {
  /** Salesforce login host, e.g. https://login.salesforce.com (the sandbox's URL locally). */
  loginUrl: string;
  username: string;
  /** Password followed by the security token, as Salesforce's username-password flow wants it. */
  password: string;
  clientId: string;
  clientSecret: string;
  /** REST API version, e.g. 62.0. */
  apiVersion: string;
  /** Limit for each HTTP call to the CRM (login, query page, sObject call). */
  timeoutMs: number;
}

/** A deployment mistake, not a CRM outage: it must surface as a bug. */
export class CrmConfigError extends Error {}

/** Read at call time, so secrets and the URL can be set after the module loads. */
export function crmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CrmConfig {
  const { CRM_LOGIN_URL, CRM_USERNAME, CRM_PASSWORD, CRM_CLIENT_ID, CRM_CLIENT_SECRET } = env;
  if (!CRM_LOGIN_URL || !CRM_USERNAME || !CRM_PASSWORD || !CRM_CLIENT_ID || !CRM_CLIENT_SECRET) {
    throw new CrmConfigError(
      "CRM_LOGIN_URL, CRM_USERNAME, CRM_PASSWORD, CRM_CLIENT_ID and CRM_CLIENT_SECRET must be set",
    );
  }
  return {
    loginUrl: CRM_LOGIN_URL.replace(/\/$/, ""),
    username: CRM_USERNAME,
    password: CRM_PASSWORD,
    clientId: CRM_CLIENT_ID,
    clientSecret: CRM_CLIENT_SECRET,
    apiVersion: env.CRM_API_VERSION ?? "62.0",
    timeoutMs: Number(env.CRM_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
