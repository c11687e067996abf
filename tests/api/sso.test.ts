import { describe, expect, it } from "vitest";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

const partner = () => {
  const url = stackInfo().sandboxes.samlPartner;
  if (!url) throw new Error("The stack has no samlPartner sandbox");
  return url;
};

interface PartnerRequest {
  id: string;
  redirectUrl: string;
  samlRequest: string;
  relayState?: string;
  sigAlg: string;
  signature: string;
}

/** A fresh signed AuthnRequest from the partner sandbox (HTTP-Redirect binding). */
async function partnerRequest(): Promise<PartnerRequest> {
  const response = await fetch(`${partner()}/saml/request`);
  return (await response.json()) as PartnerRequest;
}

/** The API body for a partner request: the redirect's query values. */
const requestBody = ({ samlRequest, relayState, sigAlg, signature }: PartnerRequest) => ({
  samlRequest,
  relayState,
  sigAlg,
  signature,
});

async function postToAcs(acs: string, samlResponse: string): Promise<{ status: number; text: string }> {
  const response = await fetch(acs, { method: "POST", body: new URLSearchParams({ SAMLResponse: samlResponse }) });
  return { status: response.status, text: await response.text() };
}

/** An AuthnRequest from an issuer the portal was not configured for. */
function foreignRequest(): string {
  const xml =
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="_foreign1" Version="2.0" IssueInstant="${new Date().toISOString()}" ` +
    'ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" AssertionConsumerServiceURL="https://evil.example/acs">' +
    "<saml:Issuer>https://evil.example/metadata</saml:Issuer></samlp:AuthnRequest>";
  return Buffer.from(xml).toString("base64");
}

describe("POST /api/sso/SAML with the partner sandbox", () => {
  it("a valid round trip: the partner's request in, a response the partner accepts out", async () => {
    const resident = await principal("resident");
    const request = await partnerRequest();
    expect(new URL(request.redirectUrl).pathname).toBe("/sso/saml");

    const answer = await callApi<{ samlResponse: string; assertionConsumerURL: string; relayState?: string }>(
      "POST",
      "/api/sso/SAML",
      { token: resident.idToken, body: requestBody(request) },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.assertionConsumerURL).toBe(`${partner()}/saml/acs`);
    expect(answer.body.relayState).toBe(request.relayState);
    const xml = Buffer.from(answer.body.samlResponse, "base64").toString("utf8");
    expect(xml).toContain(`InResponseTo="${request.id}"`);
    expect(xml).toContain("<ds:Signature");
    const notOnOrAfter = /NotOnOrAfter="([^"]+)"/.exec(xml)?.[1] as string;
    const lifetime = Date.parse(notOnOrAfter) - Date.now();
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);

    const accepted = await postToAcs(answer.body.assertionConsumerURL, answer.body.samlResponse);
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain(`Signed in as ${resident.user?.email}`);
    expect(accepted.text).toContain(`${resident.user?.firstName} ${resident.user?.lastName}`);

    // The same response twice is a replay.
    expect((await postToAcs(answer.body.assertionConsumerURL, answer.body.samlResponse)).status).toBe(403);
  });

  it("the partner refuses a response whose email was changed after signing", async () => {
    const resident = await principal("resident");
    const request = await partnerRequest();
    const answer = await callApi<{ samlResponse: string; assertionConsumerURL: string }>("POST", "/api/sso/SAML", {
      token: resident.idToken,
      body: requestBody(request),
    });
    expect(answer.status).toBe(200);
    const xml = Buffer.from(answer.body.samlResponse, "base64").toString("utf8");
    const email = resident.user?.email as string;
    expect(xml).toContain(`>${email}</saml:NameID>`);
    const tampered = Buffer.from(xml.replace(`>${email}<`, ">someone.else@example.com<")).toString("base64");

    const refused = await postToAcs(answer.body.assertionConsumerURL, tampered);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("Refused");
    expect(refused.text).not.toContain("Signed in as");
  });

  it("refuses an unsigned request from an unknown issuer and input that is not a SAML request, with one generic answer", async () => {
    const resident = await principal("resident");
    const foreign = await callApi("POST", "/api/sso/SAML", {
      token: resident.idToken,
      body: { samlRequest: foreignRequest() },
    });
    const junk = await callApi("POST", "/api/sso/SAML", {
      token: resident.idToken,
      body: { samlRequest: Buffer.from("<not-saml/>").toString("base64") },
    });
    for (const answer of [foreign, junk]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: "bad_request", message: "This sign-in request cannot be answered." },
      });
    }
  });

  it("finding 4: refuses the partner's request without its signature, with a changed RelayState, or a second time", async () => {
    const resident = await principal("resident");
    const send = (body: object) => callApi("POST", "/api/sso/SAML", { token: resident.idToken, body });
    const request = await partnerRequest();
    expect(request.signature).toBeTruthy();
    expect((await send({ samlRequest: request.samlRequest, relayState: request.relayState })).status).toBe(400);
    expect((await send({ ...requestBody(request), relayState: "/elsewhere" })).status).toBe(400);
    expect((await send({ ...requestBody(request), relayState: "x".repeat(81) })).status).toBe(400);
    expect((await send(requestBody(request))).status).toBe(200);
    const replay = await send(requestBody(request));
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: { message: "This sign-in request cannot be answered." } });
  });

  it("needs a fully onboarded user", async () => {
    const request = await partnerRequest();
    expect((await callApi("POST", "/api/sso/SAML", { body: { samlRequest: request.samlRequest } })).status).toBe(401);
    const noCrm = await principal("noCrm");
    expect(
      (await callApi("POST", "/api/sso/SAML", { token: noCrm.idToken, body: { samlRequest: request.samlRequest } }))
        .status,
    ).toBe(403);
  });
});
