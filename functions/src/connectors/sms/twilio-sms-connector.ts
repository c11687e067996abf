// The validator only (not the twilio package's REST client, which loads axios and every API): the
// messages go out through the project's one HTTP client, connectors/http-json.
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { ConnectorError } from "../../platform/connector-error";
import { callJson, type JsonAnswer } from "../http-json";
import { type SmsConfig, smsConfigFromEnv } from "./config";
import type { SmsConnector, SmsSendResult } from "./types";

const SYSTEM = "sms";

interface TwilioAnswer {
  sid?: string;
  status?: string;
  code?: number;
  message?: string;
}

/** Twilio's "Attempt to send to unsubscribed recipient": the number texted STOP to our number. */
const UNSUBSCRIBED = 21610;

/**
 * Twilio's REST API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, Basic auth sid:token.
 * 201 is accepted (status `queued`); any other 4xx but 429 refuses this message for good (its Twilio
 * error code kept); 5xx, 429, 401 and 403 are the service being unusable now (ConnectorError 'unavailable').
 */
export function createTwilioSmsConnector(configOf: () => SmsConfig = () => smsConfigFromEnv()): SmsConnector {
  return {
    fromNumber: () => configOf().fromNumber,
    send: async ({ to, body, statusCallback }): Promise<SmsSendResult> => {
      const config = configOf();
      const form = new URLSearchParams({ To: to, From: config.fromNumber, Body: body });
      if (statusCallback) form.set("StatusCallback", statusCallback);
      const credentials = Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64");
      const answer: JsonAnswer<TwilioAnswer> = await callJson<TwilioAnswer>(
        {
          system: SYSTEM,
          label: "The text message service",
          timeoutMs: config.timeoutMs,
          unavailable: (status) => status >= 500 || status === 429 || status === 401 || status === 403,
        },
        `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
        {
          method: "POST",
          headers: {
            authorization: `Basic ${credentials}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form.toString(),
        },
      );
      const { status, body: answerBody } = answer;
      if (status >= 200 && status < 300) {
        if (typeof answerBody.sid !== "string" || !answerBody.sid) {
          throw new ConnectorError(SYSTEM, "unavailable", "The text message service answered without a sid");
        }
        return { accepted: true, sid: answerBody.sid, status: answerBody.status ?? "queued" };
      }
      const code = typeof answerBody.code === "number" ? answerBody.code : null;
      return {
        accepted: false,
        code,
        message: answerBody.message ?? `The text message service answered ${status}`,
        optedOut: code === UNSUBSCRIBED,
      };
    },
    validSignature: (signature, url, params) =>
      signature !== "" && validateRequest(configOf().authToken, signature, url, params),
  };
}
