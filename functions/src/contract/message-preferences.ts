import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";

/**
 * How a resident wants to hear from the city (issue 29 "Preferences"): per topic, in the portal (in-app),
 * by email and/or by text. Texts go only to a number she confirmed with a one-time code, and stop when
 * she texts STOP to the city's number. One schema for the account page's form and the API.
 */

/** The topics a resident chooses channels for: bills and shut-off notices, case updates, city alerts. */
export const MESSAGE_TOPICS = ["bills", "cases", "alerts"] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];
export const MESSAGE_CHANNELS = ["inApp", "email", "text"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const ZTopicChannels = z.object({ inApp: z.boolean(), email: z.boolean(), text: z.boolean() }).strict();
export type TopicChannels = z.infer<typeof ZTopicChannels>;

/** PUT /api/users/message-preferences: every topic's channels. */
export const ZMessagePreferencesInput = z
  .object({ bills: ZTopicChannels, cases: ZTopicChannels, alerts: ZTopicChannels })
  .strict();
export type MessagePreferencesInput = z.infer<typeof ZMessagePreferencesInput>;

/** What a resident gets before she chooses: in-app for all, email for bills (as the portal did), no texts. */
export const DEFAULT_MESSAGE_PREFERENCES: MessagePreferencesInput = {
  bills: { inApp: true, email: true, text: false },
  cases: { inApp: true, email: false, text: false },
  alerts: { inApp: true, email: false, text: false },
};

/**
 * A US phone number as typed ("(847) 555-0123", "847-555-0123", "+1 847 555 0123") in E.164
 * ("+18475550123"), or null when it is not a valid US number. The city texts US numbers only.
 */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), "US");
  if (parsed?.country !== "US" || !parsed.isValid()) return null;
  return parsed.number;
}

/** "+18475550123" as people write it here: "(847) 555-0123". */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** POST /api/users/message-preferences/phone: the number to confirm, stored in E.164. */
export const ZPhoneToConfirmInput = z
  .object({
    phone: z
      .string()
      .trim()
      .min(1, "Required")
      .max(30, "Invalid")
      .refine((value) => toE164(value) !== null, "Invalid")
      .transform((value) => toE164(value) as string),
  })
  .strict();
export type PhoneToConfirmInput = z.input<typeof ZPhoneToConfirmInput>;

/** The one-time code's length, and how long it stays valid. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 15;
/** Wrong codes after which the code is void and a new one must be asked for. */
export const PHONE_CODE_MAX_MISSES = 5;

/** POST /api/users/message-preferences/phone/confirm. */
export const ZPhoneCodeInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, "Required")
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), "Invalid"),
  })
  .strict();
export type PhoneCodeInput = z.infer<typeof ZPhoneCodeInput>;

/** GET /api/users/message-preferences. */
export interface MessagePreferences {
  topics: MessagePreferencesInput;
  /** The confirmed number (E.164), or null. */
  phone: string | null;
  /** A number waiting for its code, or null. */
  pendingPhone: string | null;
  /** The confirmed number texted STOP to the city: no texts go to it until it texts START. */
  textsStopped: boolean;
  /** The city's text number (E.164) residents text STOP, START or HELP to; null when texts are not set up. */
  cityTextNumber: string | null;
  /** After a code was asked for: texted (`sent`), or waiting for the text service (`queued`). */
  codeStatus?: "sent" | "queued";
}

/** The city's words that stop texts to a number (CTIA practice), START resumes them, HELP answers the contact. */
export const SMS_STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const SMS_START_WORDS = ["START", "UNSTOP", "YES"] as const;
export const SMS_HELP_WORDS = ["HELP", "INFO"] as const;
