import { billingSandbox } from "../../emulators/src/sandboxes/billing/index.ts";
import { testAdmin } from "./admin.ts";
import { PROJECT_ID, stackInfo } from "./stack-info.ts";

/**
 * The test stack runs no scheduler, so a test is the scheduler: it runs a job's module in this
 * process against the stack's Firestore and sandboxes, as the launcher's scheduler would.
 */
export function pointJobsAtStack(): void {
  const { sandboxes } = stackInfo();
  testAdmin(); // FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.PUSH_BASE_URL = sandboxes.push;
  // The delinquency send re-checks accounts with billing.
  Object.assign(process.env, billingSandbox.env(sandboxes.billing as string));
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
