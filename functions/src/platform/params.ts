import { defineSecret, defineString } from "firebase-functions/params";

/**
 * The functions' configuration as Firebase parameters, so `firebase deploy` knows what each needs.
 * The code reads them as environment variables (`connectors/<system>/config.ts` at call time): in
 * Cloud Run every parameter and every secret bound to a function is an environment variable of its
 * instances, and locally the launcher sets the same variables (the sandboxes' URLs and keys).
 */

/**
 * Credentials: kept in Secret Manager (`firebase functions:secrets:set NAME`) and bound only to the
 * functions whose code reads them (`secrets` in `function-options.ts`, checked by
 * `function-options.test.ts` against each function's code).
 */
export const SECRETS = {
  CRM_PASSWORD: defineSecret("CRM_PASSWORD"),
  CRM_CLIENT_SECRET: defineSecret("CRM_CLIENT_SECRET"),
  BILLING_API_KEY: defineSecret("BILLING_API_KEY"),
  PAYMENTS_GATEWAY_TRANSACTION_KEY: defineSecret("PAYMENTS_GATEWAY_TRANSACTION_KEY"),
  CORE_API_KEY: defineSecret("CORE_API_KEY"),
  FORMS_API_KEY: defineSecret("FORMS_API_KEY"),
  BOX_CLIENT_SECRET: defineSecret("BOX_CLIENT_SECRET"),
  GIS_TOKEN: defineSecret("GIS_TOKEN"),
  SSO_IDP_PRIVATE_KEY: defineSecret("SSO_IDP_PRIVATE_KEY"),
  SMS_ACCOUNT_SID: defineSecret("SMS_ACCOUNT_SID"),
  SMS_AUTH_TOKEN: defineSecret("SMS_AUTH_TOKEN"),
  MAIL_SMTP_PASSWORD: defineSecret("MAIL_SMTP_PASSWORD"),
} as const;

export type SecretName = keyof typeof SECRETS;
export const SECRET_NAMES = Object.keys(SECRETS) as SecretName[];

const required = (name: string, description: string) => defineString(name, { description });
const optional = (name: string, description: string, defaultValue: string) =>
  defineString(name, { description, default: defaultValue });
const timeout = (name: string, system: string) => optional(name, `Limit in ms for each call to ${system}`, "10000");

/**
 * Settings that are not secret: the city systems' URLs and ids, timeouts, the portal's own URL.
 * Set them in `functions/.env.<project-id>`, from `functions/.env.example` (the deploy check keeps it
 * listing every one; a non-interactive deploy refuses a parameter missing there). Defaults are the code's own.
 */
export const SETTINGS = [
  required("PORTAL_URL", "The portal's public origin, e.g. https://portal.cityofelgin.org"),
  optional("TRUSTED_PROXY_HOPS", "Proxies in front of the functions that append to X-Forwarded-For", "1"),
  required("CRM_LOGIN_URL", "Salesforce login host, e.g. https://login.salesforce.com"),
  required("CRM_USERNAME", "Salesforce integration user"),
  required("CRM_CLIENT_ID", "Salesforce connected app's consumer key"),
  optional("CRM_API_VERSION", "Salesforce REST API version", "62.0"),
  timeout("CRM_TIMEOUT_MS", "the CRM"),
  required("BILLING_BASE_URL", "Utility billing API, e.g. https://naviline.example.gov/naviline"),
  timeout("BILLING_TIMEOUT_MS", "utility billing"),
  required("PAYMENTS_GATEWAY_URL", "Card gateway API, e.g. https://gateway.example.com/gateway/v1"),
  required("PAYMENTS_GATEWAY_LOGIN_ID", "Card gateway login id"),
  required("CORE_BASE_URL", "Hosted payments API, e.g. https://core.example.com/core/v1"),
  timeout("PAYMENTS_TIMEOUT_MS", "the payment providers"),
  required("FORMS_BASE_URL", "Forms service API, e.g. https://forms.example.gov/forms"),
  timeout("FORMS_TIMEOUT_MS", "the forms service"),
  required("BOX_API_URL", "File box API, e.g. https://api.box.com/2.0"),
  optional("BOX_UPLOAD_URL", "File box upload API", "https://upload.box.com/api/2.0"),
  required("BOX_TOKEN_URL", "File box OAuth token URL, e.g. https://api.box.com/oauth2/token"),
  required("BOX_CLIENT_ID", "File box app's client id"),
  required("BOX_ENTERPRISE_ID", "File box enterprise id"),
  required("BOX_RECORDS_FOLDER_ID", "Folder holding a folder per CRM record"),
  required("BOX_UTILITY_FOLDER_ID", "Folder holding a folder per utility account"),
  timeout("BOX_TIMEOUT_MS", "the file boxes"),
  required("GIS_GEOCODER_URL", "ArcGIS GeocodeServer URL"),
  required("GIS_PARCELS_LAYER_URL", "ArcGIS FeatureServer layer of parcels"),
  required("GIS_ZONING_LAYER_URL", "ArcGIS FeatureServer layer of zoning"),
  required("GIS_ADDRESSES_LAYER_URL", "ArcGIS FeatureServer layer of the city's address points"),
  required("GIS_BASEMAP_URL", "ArcGIS MapServer of the street base map (cached tiles)"),
  required("GIS_ASSETS_LAYER_URL", "ArcGIS FeatureServer layer of the city's assets (streetlights, hydrants, signs)"),
  timeout("GIS_TIMEOUT_MS", "the GIS"),
  required("FEEDS_NEWS_URL", "RSS feed of city news"),
  required("FEEDS_EVENTS_URL", "RSS feed of city events"),
  timeout("FEEDS_TIMEOUT_MS", "the feeds"),
  optional("IP_LOOKUP_URL", "ipify-style address lookup", "https://api.ipify.org?format=json"),
  timeout("IP_LOOKUP_TIMEOUT_MS", "the address lookup"),
  optional("SSO_IDP_ENTITY_ID", "Our SAML IdP entity id (default PORTAL_URL/sso/saml)", ""),
  optional("SSO_IDP_SSO_URL", "Where the partner sends AuthnRequests (default PORTAL_URL/sso/saml)", ""),
  optional("SSO_IDP_CERT", "PEM certificate of SSO_IDP_PRIVATE_KEY (empty: SSO answers 503)", ""),
  optional("SSO_PARTNER_ENTITY_ID", "The SAML partner's entity id", ""),
  optional("SSO_PARTNER_ACS_URL", "The SAML partner's assertion consumer service URL", ""),
  optional("SSO_PARTNER_CERT", "The SAML partner's signing certificate (PEM)", ""),
  timeout("STORAGE_TIMEOUT_MS", "Cloud Storage"),
  optional("STORAGE_MAX_RETRIES", "Retries of an idempotent Cloud Storage call", "1"),
  optional("SMS_API_URL", "Twilio-compatible text message API", "https://api.twilio.com"),
  required("SMS_FROM_NUMBER", "The city's text message number in E.164, e.g. +18475550100"),
  timeout("SMS_TIMEOUT_MS", "the text message service"),
  optional("BULK_PUSH_CONCURRENCY", "Push messages in flight at once during a bulk send", "24"),
  required("MAIL_SMTP_HOST", "The city's SMTP relay, e.g. smtp.sendgrid.net"),
  optional("MAIL_SMTP_PORT", "The relay's port (587: STARTTLS, 465: implicit TLS)", "587"),
  optional("MAIL_SMTP_SECURE", "true for implicit TLS (port 465)", "false"),
  optional("MAIL_SMTP_REQUIRE_TLS", "Refuse to send unless the relay offers STARTTLS", "true"),
  optional("MAIL_SMTP_USER", "The relay's user name (empty: no AUTH)", ""),
  required("MAIL_FROM", "The From of every email, e.g. City of Elgin <no-reply@cityofelgin.org>"),
  optional("MAIL_SMTP_CONNECTIONS", "SMTP connections kept open to the relay", "5"),
  timeout("MAIL_TIMEOUT_MS", "the mail relay"),
];
