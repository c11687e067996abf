import type { SamlAnswer, SamlRequestInput } from "@contract/auth-forms";
import { api } from "@/lib/api-client";

export { ZSamlRequestInput } from "@contract/auth-forms";

/** POST /api/sso/SAML: the partner's AuthnRequest in, a signed response and where to post it out. */
export function answerSamlRequest(input: SamlRequestInput): Promise<SamlAnswer> {
  return api.post("/sso/SAML", input);
}
