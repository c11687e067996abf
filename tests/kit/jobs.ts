import { testAdmin } from "./admin.ts";
import { stackFunctionEnv } from "./function-host.ts";
import { stackInfo } from "./stack-info.ts";

/**
 * The test stack runs no scheduler, so a test is the scheduler: it runs a job's module in this
 * process against the stack's Firestore and sandboxes, as the launcher's scheduler would.
 */
export function pointJobsAtStack(): void {
  testAdmin(); // FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST
  // What a function host has: every sandbox (the delinquency send re-checks accounts with billing,
  // the payments reconcile asks the gateway and records in billing and the CRM).
  Object.assign(process.env, stackFunctionEnv());
}

/** The push sandbox's record of every message it took (GET /__sandbox/messages). */
export async function pushSandboxMessages(): Promise<
  { message: { token: string; notification?: { title?: string; body?: string }; data?: Record<string, string> } }[]
> {
  const response = await fetch(`${stackInfo().sandboxes.push}/__sandbox/messages`);
  return ((await response.json()) as { messages: never[] }).messages;
}

export async function clearPushSandbox(): Promise<void> {
  await fetch(`${stackInfo().sandboxes.push}/__sandbox/messages`, { method: "DELETE" });
}
