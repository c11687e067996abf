/** One text message to send. */
export interface SmsRequest {
  /** E.164, e.g. +18475550123. */
  to: string;
  body: string;
  /** Where the provider posts this message's delivery receipts (signed with X-Twilio-Signature). */
  statusCallback?: string;
}

/** The provider took the message: its id (Twilio's "SM…" sid) and first status (`queued`). */
export interface SmsAccepted {
  accepted: true;
  sid: string;
  status: string;
}

/**
 * The provider refused this message for good (a retry would be refused again): its error code and
 * text; `optedOut` when the number has texted STOP to the city's number (Twilio's 21610).
 */
export interface SmsRefused {
  accepted: false;
  code: number | null;
  message: string;
  optedOut: boolean;
}

export type SmsSendResult = SmsAccepted | SmsRefused;

/**
 * The text-message provider (Twilio's Programmable Messaging REST API, or the SMS sandbox locally).
 * An outage (unreachable, 5xx, 429, refused credentials) is a ConnectorError 'unavailable', for the
 * caller to retry; a refusal of the message itself is an SmsRefused answer.
 */
export interface SmsConnector {
  send(message: SmsRequest): Promise<SmsSendResult>;
  /** The city's own number, the one residents text. */
  fromNumber(): string;
  /**
   * Whether a webhook the provider posted (status callback, inbound text) carries its signature:
   * X-Twilio-Signature over the full URL it was posted to and its form parameters.
   */
  validSignature(signature: string, url: string, params: Record<string, string>): boolean;
}
