// POST /api/sso/SAML
import { type SamlAnswer, ZSamlRequestInput } from "../../contract/auth-forms";
import { ApiError, badRequest, forbidden } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { answerAuthnRequest, SamlRequestError } from "./saml-idp";
import { SsoConfigError, ssoConfigFromEnv } from "./sso-config";
import { usersCollection } from "./user-record";

export const ssoRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/sso/SAML",
    access: "onboarded",
    body: ZSamlRequestInput,
    throttle: [{ name: "sso-saml", key: "caller", limit: 30, windowSeconds: 600 }],
    // Not a request from the configured partner: allowed callers get 400, never 401/403.
    example: { body: { samlRequest: "PHg+PC94Pg==" } },
    summary: "Signs the user in to the configured SAML partner: AuthnRequest in, signed SAMLResponse out",
    handler: async ({ body, user, log }): Promise<SamlAnswer> => {
      const principal = requireUser(user);
      let config: ReturnType<typeof ssoConfigFromEnv>;
      try {
        config = ssoConfigFromEnv();
      } catch (error) {
        if (error instanceof SsoConfigError) {
          log.error("SSO not configured", { error: error.message });
          throw new ApiError("unavailable", "Single sign-on is not available right now.");
        }
        throw error;
      }
      const record = await usersCollection().doc(principal.uid).get();
      const email = (record.get("Email") as string | undefined) ?? principal.email ?? "";
      try {
        const answer = await answerAuthnRequest(config, body.samlRequest, {
          email,
          firstName: (record.get("FirstName") as string | undefined) ?? "",
          lastName: (record.get("LastName") as string | undefined) ?? "",
        });
        log.info("SAML response issued", { inResponseTo: answer.requestId });
        return { samlResponse: answer.samlResponse, assertionConsumerURL: answer.assertionConsumerURL };
      } catch (error) {
        if (error instanceof SamlRequestError) {
          if (error.kind === "unknown_issuer") throw forbidden(error.message);
          throw badRequest(error.message, { "body.samlRequest": "Invalid" });
        }
        throw error;
      }
    },
  }),
];
