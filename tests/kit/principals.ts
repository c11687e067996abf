import { SEED_PASSWORD, SEEDED_USERS, type SeededUser } from "../../emulators/src/seed/fixtures.ts";
import { testAdmin } from "./admin.ts";
import { freshEmail } from "./identity.ts";
import { postPasswordAccount } from "./stack-info.ts";

/** Everyone the access matrix tries: anonymous plus each seeded sign-in state. */
export const PRINCIPAL_KEYS = [
  "anonymous",
  "unverified",
  "noCrm",
  "resident",
  "resident2",
  "orgMember",
  "approver",
  "admin",
  "staff",
] as const;
export type PrincipalKey = (typeof PRINCIPAL_KEYS)[number];

export interface TestPrincipal {
  key: PrincipalKey;
  user: SeededUser | null;
  idToken: string | null;
}

/** The seeded people's ID tokens, signed in once per test file (see forgetSignIns). */
const tokens = new Map<string, Promise<string>>();

/**
 * Every stack file signs the seeded people in afresh, as it did when each file had its own process:
 * the files share one process now (vitest.stack.config.ts), and a file may revoke a seeded person's
 * sessions (browser/billing-session revokes Maria's), which would refuse a token cached before it.
 */
export function forgetSignIns(): void {
  tokens.clear();
}

/** Signs in through the Auth emulator's REST API, exactly as the browser SDK does. */
export async function signIn(email: string, password: string): Promise<string> {
  const { status, body } = await postPasswordAccount("signInWithPassword", email, password);
  if (!body.idToken) throw new Error(`Sign-in of ${email} failed: ${body.error?.message ?? status}`);
  return body.idToken;
}

export async function principal(key: PrincipalKey): Promise<TestPrincipal> {
  if (key === "anonymous") return { key, user: null, idToken: null };
  const user = SEEDED_USERS.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`No seeded user for ${key}`);
  if (!tokens.has(user.email)) tokens.set(user.email, signIn(user.email, SEED_PASSWORD));
  return { key, user, idToken: await (tokens.get(user.email) as Promise<string>) };
}

/**
 * A new identity user with a users/{uid} record, signed in (password SEED_PASSWORD); with the admin
 * claim when asked. Its uid is pushed to `created` for the file's cleanup.
 */
export async function freshSignedInUser(
  label: string,
  created: string[],
  { admin = false, emailVerified = true }: { admin?: boolean; emailVerified?: boolean } = {},
): Promise<{ uid: string; email: string; idToken: string }> {
  const { auth, db } = testAdmin();
  const email = freshEmail(label);
  const user = await auth.createUser({ email, password: SEED_PASSWORD, emailVerified });
  created.push(user.uid);
  if (admin) await auth.setCustomUserClaims(user.uid, { admin: true });
  await db.collection("users").doc(user.uid).set({ Id: user.uid, Email: email, Admin: admin, SalesforceId: null });
  return { uid: user.uid, email, idToken: await signIn(email, SEED_PASSWORD) };
}

/**
 * Revocation has a one-second grain: a token signed in during the second its user's sessions are
 * revoked stays valid. Waiting for the next second makes a revocation after it cover the token.
 */
export const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
