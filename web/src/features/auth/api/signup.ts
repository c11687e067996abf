import type { SignupInput } from "@contract/auth-forms";
import { api } from "@/lib/api-client";

export { ZSignupInput } from "@contract/auth-forms";

/** POST /api/signup: records the new user and their CRM contact (spec 1 §7). */
export function recordSignup(input: SignupInput): Promise<{ Id: string; created: boolean }> {
  return api.post("/signup", input);
}
