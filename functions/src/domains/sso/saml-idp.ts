import { createVerify, X509Certificate } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import * as validator from "@authenio/samlify-node-xmllint";
import * as samlify from "samlify";
import type { SsoConfig } from "./sso-config";

// samlify refuses to parse anything until a schema validator is set. This one is xmllint
// compiled to JavaScript (no native build, no Java) and checks messages against the SAML XSDs.
samlify.setSchemaValidator(validator);

const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const BASIC_ATTRIBUTE = "urn:oasis:names:tc:SAML:2.0:attrname-format:basic";

/** What the signed-in user gives the partner: NameID = email, first and last name attributes. */
export interface SamlUser {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The partner's request is refused: the detailed reason is for our log only; the caller gets one
 * generic answer whatever failed (OWASP SAML cheat sheet).
 */
export class SamlRequestError extends Error {
  constructor(
    message: string,
    readonly kind:
      | "malformed"
      | "unsigned"
      | "bad_signature"
      | "unknown_issuer"
      | "stale"
      | "misaddressed"
      | "replayed",
  ) {
    super(message);
  }
}

/** An AuthnRequest as the partner sent it with the HTTP-Redirect binding (SAML bindings §3.4.4.1). */
export interface SignedAuthnRequest {
  /** The SAMLRequest value (base64 of deflated XML), decoded from the URL. */
  samlRequest: string;
  relayState?: string;
  /** The signature algorithm URI (SigAlg). */
  sigAlg?: string;
  /** The base64 signature over `SAMLRequest=…&RelayState=…&SigAlg=…` (Signature). */
  signature?: string;
}

/** How far a request's IssueInstant may be from our clock. */
export const REQUEST_MAX_SKEW_MS = 5 * 60 * 1000;
/** RelayState is at most 80 bytes (SAML bindings §3.4.3). */
export const RELAY_STATE_MAX_BYTES = 80;

/** Signature algorithms we accept; SHA-1 is refused. */
const SIGNATURE_ALGORITHMS: Record<string, string> = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": "RSA-SHA256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": "RSA-SHA512",
};

/** An xs:ID: what an AuthnRequest ID must be before we copy it into InResponseTo. */
const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]{0,255}$/;

/**
 * Records a request id as answered; false when it was answered before (a replay). Backed by
 * Firestore `create()` in the route, so every function instance sees every id.
 */
export type ClaimRequestId = (issuer: string, requestId: string, keepUntil: Date) => Promise<boolean>;

/**
 * Checks the HTTP-Redirect signature with the partner's certificate before the XML is parsed.
 * The signed octets are the three parameters URL-encoded as `encodeURIComponent` does (what
 * samlify and node-saml send), in the order the binding fixes.
 */
function verifyRedirectSignature(config: SsoConfig, request: SignedAuthnRequest): void {
  if (!request.sigAlg || !request.signature) throw new SamlRequestError("The AuthnRequest is not signed.", "unsigned");
  const algorithm = SIGNATURE_ALGORITHMS[request.sigAlg];
  if (!algorithm) throw new SamlRequestError(`Signature algorithm ${request.sigAlg} is not accepted.`, "bad_signature");
  const octets = [
    `SAMLRequest=${encodeURIComponent(request.samlRequest)}`,
    ...(request.relayState !== undefined ? [`RelayState=${encodeURIComponent(request.relayState)}`] : []),
    `SigAlg=${encodeURIComponent(request.sigAlg)}`,
  ].join("&");
  let valid = false;
  try {
    const publicKey = new X509Certificate(config.partnerCertificate).publicKey;
    valid = createVerify(algorithm).update(octets).verify(publicKey, Buffer.from(request.signature, "base64"));
  } catch {
    valid = false;
  }
  if (!valid) throw new SamlRequestError("The AuthnRequest signature does not verify.", "bad_signature");
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);

/** The response template: samlify's default plus an AuthnStatement and the two name attributes. */
const RESPONSE_TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  "<saml:Issuer>{Issuer}</saml:Issuer>" +
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
  '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}">' +
  "<saml:Issuer>{Issuer}</saml:Issuer>" +
  '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID>' +
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
  '<saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{InResponseTo}"/>' +
  "</saml:SubjectConfirmation></saml:Subject>" +
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}">' +
  "<saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>" +
  '<saml:AuthnStatement AuthnInstant="{AuthnInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext>' +
  "<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>" +
  "</saml:AuthnContext></saml:AuthnStatement>" +
  "<saml:AttributeStatement>" +
  `<saml:Attribute Name="firstName" NameFormat="${BASIC_ATTRIBUTE}"><saml:AttributeValue xsi:type="xs:string">{FirstName}</saml:AttributeValue></saml:Attribute>` +
  `<saml:Attribute Name="lastName" NameFormat="${BASIC_ATTRIBUTE}"><saml:AttributeValue xsi:type="xs:string">{LastName}</saml:AttributeValue></saml:Attribute>` +
  "</saml:AttributeStatement></saml:Assertion></samlp:Response>";

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    name in values ? escapeXml(values[name] as string) : whole,
  );
}

/** How long the partner may accept the assertion. */
export const ASSERTION_LIFETIME_MS = 5 * 60 * 1000;

function entities(config: SsoConfig) {
  const idp = samlify.IdentityProvider({
    entityID: config.idpEntityId,
    privateKey: config.idpPrivateKey,
    signingCert: config.idpCertificate,
    nameIDFormat: [EMAIL_FORMAT],
    loginResponseTemplate: { context: RESPONSE_TEMPLATE, attributes: [] },
    // Requests are signed (HTTP-Redirect binding) and verified by verifyRedirectSignature before
    // samlify parses them; samlify only reads the already-verified XML here.
    wantAuthnRequestsSigned: false,
    singleSignOnService: [
      { Binding: REDIRECT_BINDING, Location: config.idpEntityId },
      { Binding: POST_BINDING, Location: config.idpEntityId },
    ],
  });
  const sp = samlify.ServiceProvider({
    entityID: config.partnerEntityId,
    signingCert: config.partnerCertificate,
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    assertionConsumerService: [{ Binding: POST_BINDING, Location: config.partnerAcsUrl }],
  });
  return { idp, sp };
}

/** The AuthnRequest XML of a SAMLRequest value: HTTP-POST (base64) or HTTP-Redirect (base64 of deflate). */
function requestXml(samlRequest: string): string {
  const bytes = Buffer.from(samlRequest.replace(/\s+/g, ""), "base64");
  const text = bytes.toString("utf8").trimStart();
  if (text.startsWith("<")) return text;
  try {
    return inflateRawSync(bytes, { maxOutputLength: 200_000 }).toString("utf8");
  } catch {
    throw new SamlRequestError("The SAMLRequest is neither XML nor deflated XML.", "malformed");
  }
}

/**
 * Answers the configured partner's AuthnRequest with a signed Response for the user: Issuer our
 * entity id, Audience the partner, Recipient and Destination its ACS URL, valid for five minutes,
 * response and assertion both signed (RSA-SHA256), AuthnInstant when the user signed in.
 *
 * Refused before anything is signed: a request not signed with the partner's certificate (or with
 * SHA-1), another issuer or assertion consumer, a Destination other than our SSO URL, an
 * IssueInstant more than five minutes from now, an id answered before, a RelayState over 80 bytes.
 */
export async function answerAuthnRequest(
  config: SsoConfig,
  request: SignedAuthnRequest,
  user: SamlUser & { authenticatedAt: Date },
  claimRequestId: ClaimRequestId,
  now = new Date(),
): Promise<{ samlResponse: string; assertionConsumerURL: string; requestId: string; relayState?: string }> {
  if (request.relayState !== undefined && Buffer.byteLength(request.relayState, "utf8") > RELAY_STATE_MAX_BYTES) {
    throw new SamlRequestError("The RelayState is longer than 80 bytes.", "malformed");
  }
  verifyRedirectSignature(config, request);
  const { idp, sp } = entities(config);
  const xml = requestXml(request.samlRequest);
  let parsed: Awaited<ReturnType<typeof idp.parseLoginRequest>>;
  try {
    parsed = await idp.parseLoginRequest(sp, "post", { body: { SAMLRequest: Buffer.from(xml).toString("base64") } });
  } catch (error) {
    throw new SamlRequestError(`The SAMLRequest is not a valid AuthnRequest (${String(error)}).`, "malformed");
  }
  const extract = parsed.extract as {
    issuer?: unknown;
    request?: { id?: unknown; issueInstant?: unknown; destination?: unknown; assertionConsumerServiceUrl?: unknown };
  };
  const issuer = Array.isArray(extract.issuer) ? extract.issuer[0] : extract.issuer;
  if (issuer !== config.partnerEntityId) {
    throw new SamlRequestError("The SAMLRequest is not from the configured partner.", "unknown_issuer");
  }
  // Only the configured ACS may receive the assertion, whatever URL the request names.
  const askedAcs = extract.request?.assertionConsumerServiceUrl;
  if (typeof askedAcs === "string" && askedAcs && askedAcs !== config.partnerAcsUrl) {
    throw new SamlRequestError("The SAMLRequest names an assertion consumer that is not configured.", "unknown_issuer");
  }
  if (extract.request?.destination !== config.idpSsoUrl) {
    throw new SamlRequestError(
      `The AuthnRequest is addressed to ${String(extract.request?.destination)}.`,
      "misaddressed",
    );
  }
  const issued = Date.parse(typeof extract.request?.issueInstant === "string" ? extract.request.issueInstant : "");
  if (!Number.isFinite(issued) || Math.abs(now.getTime() - issued) > REQUEST_MAX_SKEW_MS) {
    throw new SamlRequestError("The AuthnRequest's IssueInstant is missing or more than 5 minutes off.", "stale");
  }
  const requestId = typeof extract.request?.id === "string" ? extract.request.id : "";
  if (!XML_ID.test(requestId)) throw new SamlRequestError("The AuthnRequest has no valid ID.", "malformed");
  // Kept until the request could no longer pass the IssueInstant check.
  const keepUntil = new Date(issued + REQUEST_MAX_SKEW_MS);
  if (!(await claimRequestId(config.partnerEntityId, requestId, keepUntil))) {
    throw new SamlRequestError(`The AuthnRequest ${requestId} was answered before.`, "replayed");
  }

  const issuedAt = now.toISOString();
  const notOnOrAfter = new Date(now.getTime() + ASSERTION_LIFETIME_MS).toISOString();
  const responseId = `_${crypto.randomUUID()}`;
  const requestInfo = { extract: { request: { id: requestId } } };
  const result = await idp.createLoginResponse(sp, requestInfo, "post", {}, (template: string) => ({
    id: responseId,
    context: fill(template, {
      ID: responseId,
      AssertionID: `_${crypto.randomUUID()}`,
      IssueInstant: issuedAt,
      NotBefore: issuedAt,
      AuthnInstant: user.authenticatedAt.toISOString(),
      NotOnOrAfter: notOnOrAfter,
      Destination: config.partnerAcsUrl,
      Recipient: config.partnerAcsUrl,
      InResponseTo: requestId,
      Issuer: config.idpEntityId,
      Audience: config.partnerEntityId,
      NameIDFormat: EMAIL_FORMAT,
      NameID: user.email,
      FirstName: user.firstName,
      LastName: user.lastName,
    }),
  }));
  return {
    samlResponse: result.context,
    assertionConsumerURL: config.partnerAcsUrl,
    requestId,
    ...(request.relayState !== undefined ? { relayState: request.relayState } : {}),
  };
}
