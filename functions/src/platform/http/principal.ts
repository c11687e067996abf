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
  // The user's record is read beside the verification (with the revocation check, a call to the
  // identity service) rather than after it; it is used only if the verified token names that user.
  const claimed = claimedUid(match[1]);
  const earlyRead = claimed ? settle(readUser(claimed)) : undefined;
  let token: DecodedIdToken;
  try {
    token = await adminAuth().verifyIdToken(match[1], checkRevoked);
  } catch {
    return null;
  }
  const record = earlyRead && claimed === token.uid ? unwrap(await earlyRead) : await readUser(token.uid);
  const salesforceId = record?.SalesforceId ?? null;
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    admin: token.admin === true,
    salesforceId,
    token,
  };
}

/**
 * The uid an ID token claims (its `sub`), read without verifying it: only to start reading the
 * user's record early. Null for anything that is not a plain uid.
 */
function claimedUid(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown };
    return typeof sub === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects, so an early read of a token that then fails to verify is dropped quietly. */
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

function unwrap<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
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
