import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface SmsConfig {
  /** https://api.twilio.com in production; the SMS sandbox's URL locally. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The city's number in E.164, the sender of every text and the number residents text. */
  fromNumber: string;
  timeoutMs: number;
}

/** Read at call time: SMS_ACCOUNT_SID and SMS_AUTH_TOKEN are secrets, SMS_FROM_NUMBER a setting. */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SmsConfig {
  const { SMS_ACCOUNT_SID: accountSid, SMS_AUTH_TOKEN: authToken, SMS_FROM_NUMBER: fromNumber } = env;
  if (!accountSid || !authToken || !fromNumber) {
    throw new Error("SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM_NUMBER must be set");
  }
  return {
    apiUrl: (env.SMS_API_URL || "https://api.twilio.com").replace(/\/$/, ""),
    accountSid,
    authToken,
    fromNumber,
    timeoutMs: Number(env.SMS_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}

/**
 * The city's text number (SMS_FROM_NUMBER, a declared setting: platform/params.ts) in E.164, which
 * residents text STOP, START or HELP to; null when texts are not configured.
 */
export function cityTextNumber(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.SMS_FROM_NUMBER || null;
}
