import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface FormsConfig {
  /** e.g. https://forms.example.gov/forms (the sandbox's URL locally). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export function formsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FormsConfig {
  const { FORMS_BASE_URL: baseUrl, FORMS_API_KEY: apiKey } = env;
  if (!baseUrl || !apiKey) throw new Error("FORMS_BASE_URL and FORMS_API_KEY must be set");
  return {
    baseUrl: baseUrl.replace(/\/$/, ""),
    apiKey,
    timeoutMs: Number(env.FORMS_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
