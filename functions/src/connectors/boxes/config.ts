import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface BoxesConfig {
  /** https://api.box.com/2.0 */
  apiUrl: string;
  /** https://upload.box.com/api/2.0: where the browser's widget uploads. */
  uploadUrl: string;
  /** https://api.box.com/oauth2/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  enterpriseId: string;
  /** Parent folders: one holds a folder per CRM record, the other one per utility account. */
  recordsFolderId: string;
  utilityFolderId: string;
  timeoutMs: number;
}

export function boxesConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BoxesConfig {
  const required = {
    apiUrl: env.BOX_API_URL,
    tokenUrl: env.BOX_TOKEN_URL,
    clientId: env.BOX_CLIENT_ID,
    clientSecret: env.BOX_CLIENT_SECRET,
    enterpriseId: env.BOX_ENTERPRISE_ID,
    recordsFolderId: env.BOX_RECORDS_FOLDER_ID,
    utilityFolderId: env.BOX_UTILITY_FOLDER_ID,
  };
  const missing = Object.entries(required).filter(([, value]) => !value);
  if (missing.length > 0) throw new Error(`Box configuration missing: ${missing.map(([key]) => key).join(", ")}`);
  return {
    ...(required as Record<keyof typeof required, string>),
    apiUrl: String(required.apiUrl).replace(/\/$/, ""),
    uploadUrl: (env.BOX_UPLOAD_URL ?? "https://upload.box.com/api/2.0").replace(/\/$/, ""),
    timeoutMs: Number(env.BOX_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
