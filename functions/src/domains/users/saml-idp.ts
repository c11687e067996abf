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

/** The partner's request could not be read or is not from the configured partner. */
export class SamlRequestError extends Error {
  constructor(
    message: string,
    readonly kind: "malformed" | "unknown_issuer",
  ) {
    super(message);
  }
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
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext>' +
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
    wantAuthnRequestsSigned: false,
    singleSignOnService: [
      { Binding: REDIRECT_BINDING, Location: config.idpEntityId },
      { Binding: POST_BINDING, Location: config.idpEntityId },
    ],
  });
  const sp = samlify.ServiceProvider({
    entityID: config.partnerEntityId,
    ...(config.partnerCertificate ? { signingCert: config.partnerCertificate } : {}),
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
 * response and assertion both signed (RSA-SHA256).
 */
export async function answerAuthnRequest(
  config: SsoConfig,
  samlRequest: string,
  user: SamlUser,
  now = new Date(),
): Promise<{ samlResponse: string; assertionConsumerURL: string; requestId: string }> {
  const { idp, sp } = entities(config);
  const xml = requestXml(samlRequest);
  let parsed: Awaited<ReturnType<typeof idp.parseLoginRequest>>;
  try {
    parsed = await idp.parseLoginRequest(sp, "post", { body: { SAMLRequest: Buffer.from(xml).toString("base64") } });
  } catch (error) {
    throw new SamlRequestError(`The SAMLRequest is not a valid AuthnRequest (${String(error)}).`, "malformed");
  }
  const extract = parsed.extract as {
    issuer?: unknown;
    request?: { id?: unknown; assertionConsumerServiceUrl?: unknown };
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
  const requestId = typeof extract.request?.id === "string" ? extract.request.id : "";

  const issued = now.toISOString();
  const notOnOrAfter = new Date(now.getTime() + ASSERTION_LIFETIME_MS).toISOString();
  const responseId = `_${crypto.randomUUID()}`;
  const requestInfo = { extract: { request: { id: requestId } } };
  const result = await idp.createLoginResponse(sp, requestInfo, "post", { ...user }, (template: string) => ({
    id: responseId,
    context: fill(template, {
      ID: responseId,
      AssertionID: `_${crypto.randomUUID()}`,
      IssueInstant: issued,
      NotBefore: issued,
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
  return { samlResponse: result.context, assertionConsumerURL: config.partnerAcsUrl, requestId };
}
