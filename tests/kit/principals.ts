import { SEED_PASSWORD, SEEDED_USERS, type SeededUser } from "../../emulators/src/seed/fixtures.ts";
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
] as const;
export type PrincipalKey = (typeof PRINCIPAL_KEYS)[number];

export interface TestPrincipal {
  key: PrincipalKey;
  user: SeededUser | null;
  idToken: string | null;
}

const tokens = new Map<string, Promise<string>>();

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
