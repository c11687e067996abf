import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import { describe, expect, it } from "vitest";
import { answerAuthnRequest, type ClaimRequestId } from "../../functions/src/domains/sso/saml-idp.ts";
import type { SsoConfig } from "../../functions/src/domains/sso/sso-config.ts";

/**
 * Interoperability with a SAML library nobody here wrote: @node-saml/node-saml (the library under
 * passport-saml) plays the partner, signs its AuthnRequest (HTTP-Redirect, RSA-SHA256), and
 * validates the portal's response to it with its own checks (signatures against the portal's
 * certificate, issuer, audience, InResponseTo from its request cache, validity window).
 */

// The LOCAL TEST ONLY key pairs of the partner sandbox (emulators/src/sandboxes/samlpartner/local-test-keys).
const keys = join(import.meta.dirname, "../../emulators/src/sandboxes/samlpartner/local-test-keys");
const pemFile = (name: string) => readFileSync(join(keys, name), "utf8");

const PORTAL_SSO_URL = "https://portal.example.gov/sso/saml";
const config: SsoConfig = {
  idpEntityId: "https://portal.example.gov/sso/saml/idp",
  idpSsoUrl: PORTAL_SSO_URL,
  idpPrivateKey: pemFile("portal-idp.key.pem"),
  idpCertificate: pemFile("portal-idp.cert.pem"),
  partnerEntityId: "https://partner.example.com/saml/metadata",
  partnerAcsUrl: "https://partner.example.com/saml/acs",
  partnerCertificate: pemFile("partner-sp.cert.pem"),
};

/** The partner as node-saml: its entity id, ACS, signing key, and the portal's certificate. */
function nodeSamlPartner(): SAML {
  return new SAML({
    entryPoint: PORTAL_SSO_URL,
    issuer: config.partnerEntityId,
    callbackUrl: config.partnerAcsUrl,
    audience: config.partnerEntityId,
    idpIssuer: config.idpEntityId,
    idpCert: config.idpCertificate,
    privateKey: pemFile("partner-sp.key.pem"),
    signatureAlgorithm: "sha256",
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    disableRequestedAuthnContext: true,
  });
}

/** What the browser brings to the portal's /sso/saml page: the redirect URL's query, decoded. */
async function partnerRequest(partner: SAML, relayState: string) {
  const url = new URL(await partner.getAuthorizeUrlAsync(relayState, undefined, {}));
  expect(`${url.origin}${url.pathname}`).toBe(PORTAL_SSO_URL);
  return {
    samlRequest: url.searchParams.get("SAMLRequest") ?? "",
    relayState: url.searchParams.get("RelayState") ?? undefined,
    sigAlg: url.searchParams.get("SigAlg") ?? undefined,
    signature: url.searchParams.get("Signature") ?? undefined,
  };
}

function memoryClaims(): ClaimRequestId {
  const seen = new Set<string>();
  return async (issuer, id) => !seen.has(`${issuer} ${id}`) && Boolean(seen.add(`${issuer} ${id}`));
}

const signedInAt = new Date(Date.now() - 2 * 60 * 1000);
const user = { email: "maria.lopez@example.com", firstName: "Maria", lastName: "Lopez", authenticatedAt: signedInAt };

describe("the portal's SAML IdP with @node-saml/node-saml as the service provider", () => {
  it("node-saml accepts the portal's response to its own signed request", async () => {
    const partner = nodeSamlPartner();
    const request = await partnerRequest(partner, "/permits?tab=open");
    expect(request.signature).toBeTruthy();
    const answer = await answerAuthnRequest(config, request, user, memoryClaims());
    expect(answer.assertionConsumerURL).toBe(config.partnerAcsUrl);
    expect(answer.relayState).toBe("/permits?tab=open");

    const { profile, loggedOut } = await partner.validatePostResponseAsync({ SAMLResponse: answer.samlResponse });
    expect(loggedOut).toBe(false);
    expect(profile?.nameID).toBe(user.email);
    expect(profile?.issuer).toBe(config.idpEntityId);
    expect(profile?.firstName).toBe("Maria");
    expect(profile?.lastName).toBe("Lopez");
    expect(profile?.getAssertionXml?.()).toContain(`AuthnInstant="${signedInAt.toISOString()}"`);

    // node-saml's request cache holds each request once: the same response again is a replay.
    await expect(partner.validatePostResponseAsync({ SAMLResponse: answer.samlResponse })).rejects.toThrow();
  }, 60_000); // The first call compiles the portal's schema validator (xmllint in WebAssembly).

  it("node-saml rejects the portal's response once its email is changed", async () => {
    const partner = nodeSamlPartner();
    const answer = await answerAuthnRequest(config, await partnerRequest(partner, "r"), user, memoryClaims());
    const xml = Buffer.from(answer.samlResponse, "base64").toString("utf8");
    expect(xml).toContain(`>${user.email}<`);
    const tampered = Buffer.from(xml.replace(`>${user.email}<`, ">someone.else@example.com<")).toString("base64");
    await expect(partner.validatePostResponseAsync({ SAMLResponse: tampered })).rejects.toThrow(/signature/i);
  });

  it("the portal refuses node-saml's request when its signature or RelayState was changed on the way", async () => {
    const partner = nodeSamlPartner();
    const request = await partnerRequest(partner, "r");
    await expect(
      answerAuthnRequest(config, { ...request, relayState: "https://evil.example" }, user, memoryClaims()),
    ).rejects.toMatchObject({ kind: "bad_signature" });
    await expect(
      answerAuthnRequest(config, { ...request, signature: undefined }, user, memoryClaims()),
    ).rejects.toMatchObject({ kind: "unsigned" });
  });
});
