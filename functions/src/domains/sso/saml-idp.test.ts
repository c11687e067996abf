import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  ASSERTION_LIFETIME_MS,
  answerAuthnRequest,
  type ClaimRequestId,
  SamlRequestError,
  type SignedAuthnRequest,
} from "./saml-idp";
import { type SsoConfig, SsoConfigError, ssoConfigFromEnv } from "./sso-config";

// The LOCAL TEST ONLY key pairs of the partner sandbox (emulators/src/sandboxes/samlpartner/local-test-keys).
const keys = join(__dirname, "../../../../emulators/src/sandboxes/samlpartner/local-test-keys");
const partnerKey = readFileSync(join(keys, "partner-sp.key.pem"), "utf8");
const config: SsoConfig = {
  idpEntityId: "urn:test:idp",
  idpSsoUrl: "https://portal.example/sso/saml",
  idpPrivateKey: readFileSync(join(keys, "portal-idp.key.pem"), "utf8"),
  idpCertificate: readFileSync(join(keys, "portal-idp.cert.pem"), "utf8"),
  partnerEntityId: "https://partner.example/metadata",
  partnerAcsUrl: "https://partner.example/acs",
  partnerCertificate: readFileSync(join(keys, "partner-sp.cert.pem"), "utf8"),
};

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const NOW = new Date("2026-03-01T12:00:00Z");

interface RequestOptions {
  issuer?: string;
  acs?: string;
  destination?: string | null;
  issueInstant?: Date;
  id?: string;
  relayState?: string;
  sigAlg?: string;
  signingKey?: string;
  signingAlgorithm?: string;
}

/** An AuthnRequest signed as the HTTP-Redirect binding says, with Node's crypto (not the code under test). */
function signedRequest(options: RequestOptions = {}): SignedAuthnRequest {
  const destination = options.destination === undefined ? config.idpSsoUrl : options.destination;
  const xml =
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="${options.id ?? `_req${Math.random().toString(16).slice(2)}`}" Version="2.0" IssueInstant="${(options.issueInstant ?? NOW).toISOString()}" ` +
    (destination === null ? "" : `Destination="${destination}" `) +
    `ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" AssertionConsumerServiceURL="${options.acs ?? config.partnerAcsUrl}">` +
    `<saml:Issuer>${options.issuer ?? config.partnerEntityId}</saml:Issuer></samlp:AuthnRequest>`;
  const samlRequest = deflateRawSync(Buffer.from(xml)).toString("base64");
  const sigAlg = options.sigAlg ?? RSA_SHA256;
  const octets = [
    `SAMLRequest=${encodeURIComponent(samlRequest)}`,
    ...(options.relayState !== undefined ? [`RelayState=${encodeURIComponent(options.relayState)}`] : []),
    `SigAlg=${encodeURIComponent(sigAlg)}`,
  ].join("&");
  const signature = createSign(options.signingAlgorithm ?? "RSA-SHA256")
    .update(octets)
    .sign(options.signingKey ?? partnerKey, "base64");
  return { samlRequest, relayState: options.relayState, sigAlg, signature };
}

/** An in-memory replay cache (the route's is Firestore). */
function memoryClaims(): ClaimRequestId {
  const seen = new Set<string>();
  return async (issuer, id) => {
    const key = `${issuer} ${id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

const signedInAt = new Date("2026-03-01T11:42:17Z");
const user = {
  email: "maria.lopez@example.com",
  firstName: "María",
  lastName: "O'Connor & <Sons>",
  authenticatedAt: signedInAt,
};

const refusal = (request: SignedAuthnRequest, now = NOW, claims = memoryClaims()) =>
  answerAuthnRequest(config, request, user, claims, now).then(
    () => "accepted",
    (error: unknown) => (error instanceof SamlRequestError ? error.kind : `unexpected ${String(error)}`),
  );

describe("answerAuthnRequest", () => {
  // 60 s: the first call compiles the schema validator (xmllint in WebAssembly), which takes seconds.
  it("answers the partner's signed request with a signed response for the user", async () => {
    const answer = await answerAuthnRequest(
      config,
      signedRequest({ id: "_req42", relayState: "/home" }),
      user,
      memoryClaims(),
      NOW,
    );
    expect(answer.assertionConsumerURL).toBe(config.partnerAcsUrl);
    expect(answer.requestId).toBe("_req42");
    expect(answer.relayState).toBe("/home");
    const xml = Buffer.from(answer.samlResponse, "base64").toString("utf8");
    expect(xml).toContain(`Destination="${config.partnerAcsUrl}"`);
    expect(xml).toContain(`Recipient="${config.partnerAcsUrl}"`);
    expect(xml).toContain('InResponseTo="_req42"');
    expect(xml).toContain(`<saml:Audience>${config.partnerEntityId}</saml:Audience>`);
    expect(xml).toContain(`>${user.email}</saml:NameID>`);
    expect(xml).toContain(`NotOnOrAfter="${new Date(NOW.getTime() + ASSERTION_LIFETIME_MS).toISOString()}"`);
    // When the user signed in, not when the response was made.
    expect(xml).toContain(`AuthnInstant="${signedInAt.toISOString()}"`);
    // Names are text, never markup (the signer may re-serialise the escapes).
    expect(xml).not.toContain("<Sons>");
    expect(xml).toMatch(/O(&apos;|')Connor &amp; &lt;Sons(&gt;|>)/);
    // The response and its assertion are both signed.
    expect(xml.match(/<ds:Signature /g)).toHaveLength(2);
  }, 60_000); // The first call compiles the schema validator (xmllint in WebAssembly), which takes seconds.

  it("refuses an unsigned request, one signed with another key, a tampered one and SHA-1", async () => {
    const good = signedRequest({ relayState: "/home" });
    expect(await refusal({ samlRequest: good.samlRequest, relayState: good.relayState })).toBe("unsigned");
    expect(await refusal(signedRequest({ signingKey: config.idpPrivateKey }))).toBe("bad_signature");
    expect(await refusal({ ...good, relayState: "/elsewhere" })).toBe("bad_signature");
    const other = signedRequest();
    expect(await refusal({ ...good, samlRequest: other.samlRequest })).toBe("bad_signature");
    expect(
      await refusal(
        signedRequest({ sigAlg: "http://www.w3.org/2000/09/xmldsig#rsa-sha1", signingAlgorithm: "RSA-SHA1" }),
      ),
    ).toBe("bad_signature");
  });

  it("refuses a request older or newer than five minutes", async () => {
    const sixMinutes = 6 * 60 * 1000;
    expect(await refusal(signedRequest({ issueInstant: new Date(NOW.getTime() - sixMinutes) }))).toBe("stale");
    expect(await refusal(signedRequest({ issueInstant: new Date(NOW.getTime() + sixMinutes) }))).toBe("stale");
    expect(await refusal(signedRequest({ issueInstant: new Date(NOW.getTime() - 4 * 60 * 1000) }))).toBe("accepted");
  });

  it("refuses a request addressed elsewhere or to nobody", async () => {
    expect(await refusal(signedRequest({ destination: "https://other-idp.example/sso" }))).toBe("misaddressed");
    expect(await refusal(signedRequest({ destination: null }))).toBe("misaddressed");
  });

  it("refuses an id answered before", async () => {
    const claims = memoryClaims();
    expect(await refusal(signedRequest({ id: "_once" }), NOW, claims)).toBe("accepted");
    expect(await refusal(signedRequest({ id: "_once" }), NOW, claims)).toBe("replayed");
  });

  it("refuses a RelayState over 80 bytes", async () => {
    expect(await refusal(signedRequest({ relayState: "é".repeat(41) }))).toBe("malformed");
    expect(await refusal(signedRequest({ relayState: "a".repeat(80) }))).toBe("accepted");
  });

  it("refuses another issuer and an assertion consumer that is not configured", async () => {
    expect(await refusal(signedRequest({ issuer: "https://evil.example/metadata" }))).toBe("unknown_issuer");
    expect(await refusal(signedRequest({ acs: "https://evil.example/acs" }))).toBe("unknown_issuer");
  });

  it("refuses what is not an AuthnRequest", async () => {
    const sign = (samlRequest: string) => {
      const octets = `SAMLRequest=${encodeURIComponent(samlRequest)}&SigAlg=${encodeURIComponent(RSA_SHA256)}`;
      return {
        samlRequest,
        sigAlg: RSA_SHA256,
        signature: createSign("RSA-SHA256").update(octets).sign(partnerKey, "base64"),
      };
    };
    expect(await refusal(sign(Buffer.from("<x/>").toString("base64")))).toBe("malformed");
    expect(await refusal(sign("AAAA"))).toBe("malformed");
  });
});

describe("ssoConfigFromEnv", () => {
  it("needs the keys, the partner and its certificate", () => {
    expect(() => ssoConfigFromEnv({})).toThrow(SsoConfigError);
    const env = {
      SSO_IDP_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----",
      SSO_IDP_CERT: "cert",
      SSO_PARTNER_ENTITY_ID: "https://partner.example/metadata",
      SSO_PARTNER_ACS_URL: "https://partner.example/acs",
      SSO_PARTNER_CERT: "partner cert",
      PORTAL_URL: "https://portal.example/",
    };
    const parsed = ssoConfigFromEnv(env);
    expect(parsed.idpPrivateKey).toContain("\nabc\n");
    expect(parsed.idpEntityId).toBe("https://portal.example/sso/saml");
    expect(parsed.idpSsoUrl).toBe("https://portal.example/sso/saml");
    expect(() => ssoConfigFromEnv({ ...env, SSO_PARTNER_CERT: "" })).toThrow(SsoConfigError);
    expect(() => ssoConfigFromEnv({ ...env, SSO_PARTNER_ACS_URL: "javascript:alert(1)" })).toThrow(SsoConfigError);
  });
});
