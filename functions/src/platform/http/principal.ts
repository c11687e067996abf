import { createHash } from "node:crypto";
import type { DecodedIdToken } from "firebase-admin/auth";
import type { AccessLevel } from "../../contract/access";
import { ZDocumentId } from "../../contract/ids";
import { readMembership } from "../../data/org-members";
import { readUser } from "../../data/users";
import { PromiseCache } from "../cache";
import { adminAuth } from "../firebase";

/** The caller of a request, from a verified ID token and the user's portal record. */
export interface Principal {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** From the `admin` custom claim, kept in step with users/{uid}.Admin. */
  admin: boolean;
  /** From the `staff` custom claim (the console, issue 31), kept in step with users/{uid}.Staff. */
  staff: boolean;
  /** The CRM contact id; present once onboarding is complete. */
  salesforceId: string | null;
  token: DecodedIdToken;
}

/**
 * How long a verified token's claims and a user's CRM id are reused within one function instance.
 * Short: a change made in another instance (another function's process, the Firebase console) is
 * seen within this bound; the instance that makes a change drops its entries at once
 * (forgetPrincipal). Revocation itself is never cached: see principalFromAuthorization.
 */
export const PRINCIPAL_CACHE_MS = 30_000;

/**
 * Verified tokens, keyed by `${uid}:${sha256 of the token}` (so a user's entries can be dropped).
 * Only tokens verified without the revocation check are served from here, to routes that do not
 * ask for it; an entry is used while younger than the TTL and before the token's own `exp`.
 */
const verifiedTokens = new PromiseCache<string, DecodedIdToken>({
  ttlMs: PRINCIPAL_CACHE_MS,
  max: 2000,
  now: () => Date.now(),
});

/**
 * users/{uid}.SalesforceId once set, by uid. Only an id is kept: a user without one yet (before
 * onboarding, which another function's instance completes) is read again on every request, so
 * nobody waits on this cache to become onboarded.
 */
const crmIds = new PromiseCache<string, string>({ ttlMs: PRINCIPAL_CACHE_MS, max: 5000, now: () => Date.now() });

/**
 * Forgets what this instance cached about a user. Every path that changes what a principal is
 * made of calls it: the admin switch (Admin, Disabled, SalesforceId), account deletion, onboarding.
 */
export function forgetPrincipal(uid: string): void {
  forgotten++;
  const prefix = `${uid}:`;
  verifiedTokens.deleteWhere((key) => key.startsWith(prefix));
  crmIds.delete(uid);
}

/**
 * Counts forgetPrincipal calls: a load that started before one is not cached (it may hold what the
 * change replaced).
 */
let forgotten = 0;

/** Empties the principal caches (tests). */
export function clearPrincipalCache(): void {
  verifiedTokens.clear();
  crmIds.clear();
}

/**
 * Verifies a bearer token; null when there is none or it does not verify. With `checkRevoked`
 * the identity service is asked too, so the token of a disabled user or one whose sessions were
 * revoked (an admin demoted them) is refused at once rather than when it expires within the hour.
 *
 * Without `checkRevoked` (public and signedIn routes) a token verified earlier in this instance is
 * taken from the cache until min(its exp, PRINCIPAL_CACHE_MS): verification without the check is a
 * pure signature check whose answer cannot change before `exp`, so the cache changes nothing but
 * its cost (and, against the Auth emulator, which firebase-admin always asks, a round trip).
 * With `checkRevoked` the token is always verified and checked again, never from the cache.
 */
export async function principalFromAuthorization(
  header: string | undefined,
  { checkRevoked = false }: { checkRevoked?: boolean } = {},
): Promise<Principal | null> {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const raw = match[1];
  const generation = forgotten;
  const claimed = claimedUid(raw);
  const key = claimed ? `${claimed}:${createHash("sha256").update(raw).digest("base64url")}` : null;

  const cached = key && !checkRevoked ? await cachedToken(key) : null;
  // The user's CRM id is read beside the verification (with the revocation check, a call to the
  // identity service) rather than after it; it is used only if the verified token names that user.
  const earlyRead = claimed && !cached ? settle(crmIdOf(claimed, generation)) : undefined;
  let token: DecodedIdToken;
  if (cached) token = cached;
  else {
    const verifying = adminAuth().verifyIdToken(raw, checkRevoked);
    try {
      token = await verifying;
    } catch {
      // A refused token (revoked, disabled, expired) leaves nothing of it cached.
      if (key) verifiedTokens.delete(key);
      return null;
    }
    // Cached only under the uid it was verified for, so forgetPrincipal(uid) finds it.
    if (key && claimed === token.uid && generation === forgotten)
      verifiedTokens.refresh(key, () => Promise.resolve(token));
  }
  const salesforceId =
    earlyRead && claimed === token.uid ? unwrap(await earlyRead) : await crmIdOf(token.uid, generation);
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    admin: token.admin === true,
    staff: token.staff === true,
    salesforceId,
    token,
  };
}

/** A cached verified token still before its exp, or null. */
async function cachedToken(key: string): Promise<DecodedIdToken | null> {
  const entry = verifiedTokens.peek(key);
  if (!entry) return null;
  const token = await entry.value.catch(() => null);
  if (token && token.exp * 1000 > Date.now()) return token;
  verifiedTokens.delete(key);
  return null;
}

/** users/{uid}.SalesforceId: cached once set, read on every call while unset. */
async function crmIdOf(uid: string, generation: number): Promise<string | null> {
  const cached = crmIds.peek(uid);
  if (cached) return cached.value;
  const salesforceId = (await readUser(uid))?.SalesforceId ?? null;
  if (salesforceId && generation === forgotten) crmIds.refresh(uid, () => Promise.resolve(salesforceId));
  return salesforceId;
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
    case "staff":
      return isStaff(principal);
    case "admin":
      return isAdmin(principal);
  }
}

/** Levels whose routes check the token against revocation (it costs one identity lookup). */
export const REVOCATION_CHECKED_LEVELS: readonly AccessLevel[] = ["verified", "onboarded", "staff", "admin"];

/** The one rule for "is an admin": the `admin` claim on a verified email. */
export function isAdmin(principal: Pick<Principal, "admin" | "emailVerified"> | null | undefined): boolean {
  return principal?.admin === true && principal.emailVerified === true;
}

/**
 * The one rule for "may use the staff console": the `staff` claim on a verified email, or an admin
 * (who also serves people). Staff never reach configuration: that stays `isAdmin`.
 */
export function isStaff(principal: Pick<Principal, "admin" | "staff" | "emailVerified"> | null | undefined): boolean {
  return principal?.emailVerified === true && (principal.staff === true || principal.admin === true);
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
