/**
 * The one SAML partner the portal signs users in to (spec 1 §7 POST /sso/SAML). Production sets
 * these in functions/.env.<project> (SSO_IDP_PRIVATE_KEY as a secret); locally the samlPartner
 * sandbox's env() supplies them, with a throw-away key pair from
 * emulators/src/sandboxes/samlpartner/local-test-keys/.
 */
export interface SsoConfig {
  /** Our entity id as identity provider (the Issuer of every response). */
  idpEntityId: string;
  /** The portal page the partner sends AuthnRequests to: their Destination must be this. */
  idpSsoUrl: string;
  /** PEM private key that signs responses. */
  idpPrivateKey: string;
  /** PEM certificate of that key, published to the partner. */
  idpCertificate: string;
  /** The partner's entity id: the only Issuer we accept and the Audience we sign for. */
  partnerEntityId: string;
  /** The partner's assertion consumer service (HTTP-POST): Recipient and Destination. */
  partnerAcsUrl: string;
  /** The partner's signing certificate: every AuthnRequest must be signed with its key. */
  partnerCertificate: string;
}

/** A deployment without SSO settings: the route answers 503 rather than signing with nothing. */
export class SsoConfigError extends Error {}

/** PEM values may arrive with literal "\n" when set through a one-line env file. */
const pem = (value: string | undefined) => (value ? value.replace(/\\n/g, "\n").trim() : "");

export function ssoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SsoConfig {
  const portal = (env.PORTAL_URL ?? "http://127.0.0.1:5000").replace(/\/$/, "");
  const config: SsoConfig = {
    idpEntityId: env.SSO_IDP_ENTITY_ID || `${portal}/sso/saml`,
    idpSsoUrl: env.SSO_IDP_SSO_URL || `${portal}/sso/saml`,
    idpPrivateKey: pem(env.SSO_IDP_PRIVATE_KEY),
    idpCertificate: pem(env.SSO_IDP_CERT),
    partnerEntityId: env.SSO_PARTNER_ENTITY_ID || "",
    partnerAcsUrl: env.SSO_PARTNER_ACS_URL || "",
    partnerCertificate: pem(env.SSO_PARTNER_CERT),
  };
  const missing = (
    ["idpPrivateKey", "idpCertificate", "partnerEntityId", "partnerAcsUrl", "partnerCertificate"] as const
  ).filter((key) => !config[key]);
  if (missing.length) throw new SsoConfigError(`SSO is not configured: ${missing.join(", ")} missing`);
  if (!/^https?:\/\//.test(config.partnerAcsUrl)) throw new SsoConfigError("SSO_PARTNER_ACS_URL must be a URL");
  return config;
}
