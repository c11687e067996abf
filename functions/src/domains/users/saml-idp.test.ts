import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ASSERTION_LIFETIME_MS, answerAuthnRequest, SamlRequestError } from "./saml-idp";
import { type SsoConfig, SsoConfigError, ssoConfigFromEnv } from "./sso-config";

// The LOCAL TEST ONLY key pair of the partner sandbox (emulators/src/sandboxes/samlpartner/local-test-keys).
const keys = join(__dirname, "../../../../emulators/src/sandboxes/samlpartner/local-test-keys");
const config: SsoConfig = {
  idpEntityId: "urn:test:idp",
  idpPrivateKey: readFileSync(join(keys, "portal-idp.key.pem"), "utf8"),
  idpCertificate: readFileSync(join(keys, "portal-idp.cert.pem"), "utf8"),
  partnerEntityId: "https://partner.example/metadata",
  partnerAcsUrl: "https://partner.example/acs",
  partnerCertificate: null,
};

function authnRequest(issuer: string, acs = config.partnerAcsUrl, encoding: "post" | "redirect" = "post"): string {
  const xml =
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="_req42" Version="2.0" IssueInstant="${new Date().toISOString()}" ` +
    `ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" AssertionConsumerServiceURL="${acs}">` +
    `<saml:Issuer>${issuer}</saml:Issuer></samlp:AuthnRequest>`;
  return encoding === "post"
    ? Buffer.from(xml).toString("base64")
    : deflateRawSync(Buffer.from(xml)).toString("base64");
}

const user = { email: "maria.lopez@example.com", firstName: "María", lastName: "O'Connor & <Sons>" };

describe("answerAuthnRequest", () => {
  it.each(["post", "redirect"] as const)(
    "answers the partner's %s-encoded request with a signed response",
    async (enc) => {
      const now = new Date("2026-03-01T12:00:00Z");
      const answer = await answerAuthnRequest(config, authnRequest(config.partnerEntityId, undefined, enc), user, now);
      expect(answer.assertionConsumerURL).toBe(config.partnerAcsUrl);
      expect(answer.requestId).toBe("_req42");
      const xml = Buffer.from(answer.samlResponse, "base64").toString("utf8");
      expect(xml).toContain(`Destination="${config.partnerAcsUrl}"`);
      expect(xml).toContain(`Recipient="${config.partnerAcsUrl}"`);
      expect(xml).toContain(`<saml:Audience>${config.partnerEntityId}</saml:Audience>`);
      expect(xml).toContain(`>${user.email}</saml:NameID>`);
      expect(xml).toContain(`NotOnOrAfter="${new Date(now.getTime() + ASSERTION_LIFETIME_MS).toISOString()}"`);
      // Names are text, never markup (the signer may re-serialise the escapes).
      expect(xml).not.toContain("<Sons>");
      expect(xml).toMatch(/O(&apos;|')Connor &amp; &lt;Sons(&gt;|>)/);
      // The response and its assertion are both signed.
      expect(xml.match(/<ds:Signature /g)).toHaveLength(2);
    },
    // The first call compiles the schema validator (xmllint in WebAssembly), which takes seconds.
    60_000,
  );

  it("refuses another issuer and an assertion consumer that is not configured", async () => {
    await expect(answerAuthnRequest(config, authnRequest("https://evil.example/metadata"), user)).rejects.toMatchObject(
      {
        kind: "unknown_issuer",
      },
    );
    await expect(
      answerAuthnRequest(config, authnRequest(config.partnerEntityId, "https://evil.example/acs"), user),
    ).rejects.toMatchObject({ kind: "unknown_issuer" });
  });

  it("refuses what is not an AuthnRequest", async () => {
    const junk = Buffer.from("<x/>").toString("base64");
    await expect(answerAuthnRequest(config, junk, user)).rejects.toBeInstanceOf(SamlRequestError);
    await expect(answerAuthnRequest(config, "AAAA", user)).rejects.toMatchObject({ kind: "malformed" });
  });
});

describe("ssoConfigFromEnv", () => {
  it("needs the keys and the partner", () => {
    expect(() => ssoConfigFromEnv({})).toThrow(SsoConfigError);
    const env = {
      SSO_IDP_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----",
      SSO_IDP_CERT: "cert",
      SSO_PARTNER_ENTITY_ID: "https://partner.example/metadata",
      SSO_PARTNER_ACS_URL: "https://partner.example/acs",
      PORTAL_URL: "https://portal.example/",
    };
    const parsed = ssoConfigFromEnv(env);
    expect(parsed.idpPrivateKey).toContain("\nabc\n");
    expect(parsed.idpEntityId).toBe("https://portal.example/sso/saml");
    expect(() => ssoConfigFromEnv({ ...env, SSO_PARTNER_ACS_URL: "javascript:alert(1)" })).toThrow(SsoConfigError);
  });
});
