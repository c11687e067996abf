import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as validator from "@authenio/samlify-node-xmllint";
import express, { type Request, type Response } from "express";
import * as samlify from "samlify";
import type { SandboxDefinition } from "../kit.ts";

samlify.setSchemaValidator(validator);

const KEYS = join(import.meta.dirname, "local-test-keys");
/** LOCAL TEST ONLY key pair (see local-test-keys/README.md): the portal signs with it, we verify. */
export const LOCAL_IDP_PRIVATE_KEY = readFileSync(join(KEYS, "portal-idp.key.pem"), "utf8");
export const LOCAL_IDP_CERT = readFileSync(join(KEYS, "portal-idp.cert.pem"), "utf8");
/** LOCAL TEST ONLY key pair of the partner: it signs its AuthnRequests, the portal verifies them. */
export const LOCAL_PARTNER_PRIVATE_KEY = readFileSync(join(KEYS, "partner-sp.key.pem"), "utf8");
export const LOCAL_PARTNER_CERT = readFileSync(join(KEYS, "partner-sp.cert.pem"), "utf8");
/** What the partner asks the portal to hand back with the response (at most 80 bytes). */
export const PARTNER_RELAY_STATE = "/partner/home?tab=permits";
/** The portal's entity id as identity provider, locally. */
export const LOCAL_IDP_ENTITY_ID = "urn:city-portal:local:saml-idp";

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

export const partnerEntityId = (baseUrl: string) => `${baseUrl}/saml/metadata`;
export const partnerAcsUrl = (baseUrl: string) => `${baseUrl}/saml/acs`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * A SAML service provider that trusts the portal as identity provider, as the city's SSO partner
 * does. GET /saml/login sends the browser to the portal's /sso/saml with an AuthnRequest signed
 * with the partner's key (HTTP-Redirect binding: SigAlg and Signature over the query, RSA-SHA256,
 * with a RelayState); GET /saml/request gives the same request as JSON (for API tests);
 * POST /saml/acs checks the response's signature, issuer, audience, recipient, destination,
 * InResponseTo and expiry, then shows "Signed in as <email>" or a refusal (403).
 */
export const samlPartnerSandbox: SandboxDefinition = {
  name: "samlPartner",
  createApp: (context) => {
    const issued = new Set<string>();
    const portalSsoUrl = () => `${(process.env.PORTAL_URL ?? "http://127.0.0.1:5000").replace(/\/$/, "")}/sso/saml`;
    const entities = () => {
      const base = context.baseUrl();
      const sp = samlify.ServiceProvider({
        entityID: partnerEntityId(base),
        privateKey: LOCAL_PARTNER_PRIVATE_KEY,
        signingCert: LOCAL_PARTNER_CERT,
        authnRequestsSigned: true,
        requestSignatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
        relayState: PARTNER_RELAY_STATE,
        wantAssertionsSigned: true,
        wantMessageSigned: true,
        assertionConsumerService: [{ Binding: POST, Location: partnerAcsUrl(base) }],
      });
      const idp = samlify.IdentityProvider({
        entityID: LOCAL_IDP_ENTITY_ID,
        signingCert: LOCAL_IDP_CERT,
        // samlify signs the SP's requests only for an IdP that asks for it.
        wantAuthnRequestsSigned: true,
        singleSignOnService: [{ Binding: REDIRECT, Location: portalSsoUrl() }],
      });
      return { sp, idp };
    };
    const newRequest = () => {
      const { sp, idp } = entities();
      const { id, context: redirectUrl } = sp.createLoginRequest(idp, "redirect") as { id: string; context: string };
      issued.add(id);
      const query = new URL(redirectUrl).searchParams;
      return {
        id,
        redirectUrl,
        samlRequest: query.get("SAMLRequest") ?? "",
        relayState: query.get("RelayState") ?? undefined,
        sigAlg: query.get("SigAlg") ?? "",
        signature: query.get("Signature") ?? "",
      };
    };

    const app = express();
    app.disable("x-powered-by");
    app.get("/", (_req, res) => {
      res
        .type("html")
        .send(page("SSO partner (sandbox)", '<p><a href="/saml/login">Sign in with the City portal</a></p>'));
    });
    app.get("/saml/login", (_req, res) => {
      res.redirect(302, newRequest().redirectUrl);
    });
    app.get("/saml/request", (_req, res) => {
      res.json(newRequest());
    });
    app.get("/saml/metadata", (_req, res) => {
      res.type("application/samlmetadata+xml").send(entities().sp.getMetadata());
    });
    app.post(
      "/saml/acs",
      express.urlencoded({ extended: false, limit: "1mb" }),
      async (req: Request, res: Response) => {
        const refuse = (reason: string) => {
          res
            .status(403)
            .type("html")
            .send(page("Sign-in refused", `<p id="result">Refused: ${escapeHtml(reason)}</p>`));
        };
        const samlResponse = typeof req.body?.SAMLResponse === "string" ? req.body.SAMLResponse : "";
        if (!samlResponse) return refuse("no SAMLResponse");
        const base = context.baseUrl();
        const { sp, idp } = entities();
        let extract: Record<string, unknown>;
        try {
          // Verifies the XML schema, the signatures against the portal's certificate, the issuer,
          // NotBefore/NotOnOrAfter and the subject confirmation.
          ({ extract } = (await sp.parseLoginResponse(idp, "post", { body: { SAMLResponse: samlResponse } })) as {
            extract: Record<string, unknown>;
          });
        } catch (error) {
          return refuse(String(error instanceof Error ? error.message : error));
        }
        const xml = Buffer.from(samlResponse, "base64").toString("utf8");
        const audience = extract.audience;
        const response = (extract.response ?? {}) as Record<string, unknown>;
        const recipients = [...xml.matchAll(/\bRecipient="([^"]*)"/g)].map((match) => match[1]);
        if (audience !== partnerEntityId(base)) return refuse(`audience ${String(audience)}`);
        if (response.destination !== partnerAcsUrl(base)) return refuse(`destination ${String(response.destination)}`);
        if (recipients.length !== 1 || recipients[0] !== partnerAcsUrl(base)) return refuse("recipient");
        const inResponseTo = String(response.inResponseTo ?? "");
        if (!issued.delete(inResponseTo)) return refuse("not a response to a request of ours (or used twice)");
        const email = String(extract.nameID ?? "");
        const attributes = (extract.attributes ?? {}) as Record<string, unknown>;
        res
          .type("html")
          .send(
            page(
              "Signed in",
              `<p id="result">Signed in as ${escapeHtml(email)}</p><p id="relay-state">${escapeHtml(String(req.body?.RelayState ?? ""))}</p><p id="name">${escapeHtml(`${attributes.firstName ?? ""} ${attributes.lastName ?? ""}`.trim())}</p>`,
            ),
          );
      },
    );
    return app;
  },
  env: (baseUrl) => ({
    SSO_IDP_ENTITY_ID: LOCAL_IDP_ENTITY_ID,
    SSO_IDP_PRIVATE_KEY: LOCAL_IDP_PRIVATE_KEY,
    SSO_IDP_CERT: LOCAL_IDP_CERT,
    SSO_PARTNER_ENTITY_ID: partnerEntityId(baseUrl),
    SSO_PARTNER_ACS_URL: partnerAcsUrl(baseUrl),
    SSO_PARTNER_CERT: LOCAL_PARTNER_CERT,
  }),
};
