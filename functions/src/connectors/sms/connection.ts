import { connectorAccessor } from "../accessor";
import { createTwilioSmsConnector } from "./twilio-sms-connector";
import type { SmsConnector } from "./types";

/** The process's text-message adapter (Twilio's REST API; the SMS sandbox locally), made on first use. */
export const smsConnector = connectorAccessor<SmsConnector>(() => createTwilioSmsConnector());
