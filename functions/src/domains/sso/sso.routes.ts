// POST /api/sso/SAML
import { type SamlAnswer, ZSamlRequestInput } from "../../contract/auth-forms";
import { claimSamlRequestId } from "../../data/saml-requests";
import { usersCollection } from "../../data/users";
import { ApiError, badRequest } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { answerAuthnRequest, SamlRequestError } from "./saml-idp";
import { SsoConfigError, ssoConfigFromEnv } from "./sso-config";

export const ssoRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/sso/SAML",
    access: "onboarded",
    body: ZSamlRequestInput,
    throttle: [{ name: "sso-saml", key: "caller", limit: 30, windowSeconds: 600 }],
    // Not a signed request from the configured partner: allowed callers get 400, never 401/403.
    example: { body: { samlRequest: "PHg+PC94Pg==" } },
    summary: "Signs the user in to the configured SAML partner: signed AuthnRequest in, signed SAMLResponse out",
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
        const answer = await answerAuthnRequest(
          config,
          body,
          {
            email,
            firstName: (record.get("FirstName") as string | undefined) ?? "",
            lastName: (record.get("LastName") as string | undefined) ?? "",
            // When the user really signed in, not when we answer (OWASP: AuthnInstant).
            authenticatedAt: new Date(principal.token.auth_time * 1000),
          },
          claimSamlRequestId,
        );
        log.info("SAML response issued", { inResponseTo: answer.requestId });
        return {
          samlResponse: answer.samlResponse,
          assertionConsumerURL: answer.assertionConsumerURL,
          ...(answer.relayState !== undefined ? { relayState: answer.relayState } : {}),
        };
      } catch (error) {
        if (error instanceof SamlRequestError) {
          // The reason is logged; the caller learns only that the request was not accepted.
          log.warn("SAML request refused", { kind: error.kind, reason: error.message });
          throw badRequest("This sign-in request cannot be answered.");
        }
        throw error;
      }
    },
  }),
];
