import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resolvePorts } from "../../emulators/src/ports.ts";

/** Where the test stack runs; PORTAL_TEST_PORT_OFFSET lets several test runs share a machine. */
export const TEST_PORT_OFFSET = Number(process.env.PORTAL_TEST_PORT_OFFSET ?? 20000);
export const repoRoot = join(import.meta.dirname, "..", "..");
export const PROJECT_ID = "demo-city-portal";

export interface StackInfo {
  pid: number;
  portalUrl: string;
  ports: ReturnType<typeof resolvePorts>;
  sandboxes: Record<string, string>;
}

/** The running test stack as its launcher recorded it. */
export function stackInfo(): StackInfo {
  const ports = resolvePorts(TEST_PORT_OFFSET);
  return JSON.parse(
    readFileSync(join(repoRoot, ".portal", `stack-${ports.hosting}`, "stack.json"), "utf8"),
  ) as StackInfo;
}

/** The answer of the Auth emulator's REST API to an email and password (accounts:signUp, accounts:signInWithPassword). */
export interface PasswordAccountAnswer {
  localId?: string;
  idToken?: string;
  error?: { message: string };
}

/** Posts an email and password to the Auth emulator's REST API, as the browser SDK does. */
export async function postPasswordAccount(
  action: "signUp" | "signInWithPassword",
  email: string,
  password: string,
): Promise<{ status: number; body: PasswordAccountAnswer }> {
  const { ports } = stackInfo();
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return { status: response.status, body: (await response.json()) as PasswordAccountAnswer };
}
