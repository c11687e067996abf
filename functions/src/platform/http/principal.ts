import type { DecodedIdToken } from "firebase-admin/auth";
import type { AccessLevel } from "../../contract/access";
import { ZDocumentId } from "../../contract/ids";
import { readMembership } from "../../data/org-members";
import { readUser } from "../../data/users";
import { adminAuth } from "../firebase";

/** The caller of a request, from a verified ID token and the user's portal record. */
export interface Principal {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** From the `admin` custom claim, kept in step with users/{uid}.Admin. */
  admin: boolean;
  /** The CRM contact id; present once onboarding is complete. */
  salesforceId: string | null;
  token: DecodedIdToken;
}

/**
 * Verifies a bearer token; null when there is none or it does not verify. With `checkRevoked`
 * the identity service is asked too, so the token of a disabled user or one whose sessions were
 * revoked (an admin demoted them) is refused at once rather than when it expires within the hour.
 */
export async function principalFromAuthorization(
  header: string | undefined,
  { checkRevoked = false }: { checkRevoked?: boolean } = {},
): Promise<Principal | null> {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  let token: DecodedIdToken;
  try {
    token = await adminAuth().verifyIdToken(match[1], checkRevoked);
  } catch {
    return null;
  }
  const salesforceId = (await readUser(token.uid))?.SalesforceId ?? null;
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    admin: token.admin === true,
    salesforceId,
    token,
  };
}

/** Whether a caller reaches an access level; the answer when not is 401 without a caller, 403 otherwise. */
export function meetsAccess(principal: Principal | null, level: AccessLevel): boolean {
  if (level === "public") return true;
  if (!principal) return false;
  switch (level) {
    case "signedIn":
      return true;
    case "verified":
      return principal.emailVerified;
    case "onboarded":
      return principal.emailVerified && principal.salesforceId !== null;
    case "admin":
      return isAdmin(principal);
  }
}

/** Levels whose routes check the token against revocation (it costs one identity lookup). */
export const REVOCATION_CHECKED_LEVELS: readonly AccessLevel[] = ["verified", "onboarded", "admin"];

/** The one rule for "is an admin": the `admin` claim on a verified email. */
export function isAdmin(principal: Pick<Principal, "admin" | "emailVerified"> | null | undefined): boolean {
  return principal?.admin === true && principal.emailVerified === true;
}

/** The caller's role in an organization, or null when not an approved member. */
export async function organizationRole(uid: string, organizationId: string): Promise<"member" | "approver" | null> {
  // The id comes from the request: one that is not a plain CRM id cannot name a membership.
  if (!ZDocumentId.safeParse(organizationId).success) return null;
  const membership = await readMembership(organizationId, uid);
  if (!membership?.Verified) return null;
  return membership.Role;
}

/** The caller of a route whose access level already guaranteed one. */
export function requireUser(user: Principal | null): Principal {
  if (!user) throw new Error("requireUser on a route reachable without sign-in");
  return user;
}
