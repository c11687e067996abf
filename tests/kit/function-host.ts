import { join } from "node:path";
import { type FunctionHost, startFunctionHost } from "../../emulators/src/launcher/function-hosts.ts";
import { SANDBOXES } from "../../emulators/src/sandboxes/index.ts";
import { freePort } from "./chromium.ts";
import { PROJECT_ID, repoRoot, stackInfo } from "./stack-info.ts";

/** What the launcher gives every function host: the stack's emulators and every sandbox's settings. */
export function stackFunctionEnv(): Record<string, string> {
  const info = stackInfo();
  const sandboxEnv = SANDBOXES.filter((sandbox) => info.sandboxes[sandbox.name]).map((sandbox) =>
    sandbox.env(info.sandboxes[sandbox.name] as string),
  );
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${info.ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${info.ports.auth}`,
    PORTAL_URL: info.portalUrl,
    ...Object.assign({}, ...sandboxEnv),
  };
}

/**
 * One more instance of a function on the test stack, started by the test so the test may kill it
 * (SIGKILL, mid-request) and start another, as Cloud Run replaces a crashed instance. It shares the
 * stack's Firestore, Auth and sandboxes; requests go to its own URL, not through the front door.
 */
export async function startOwnFunctionHost(name: string): Promise<FunctionHost> {
  const info = stackInfo();
  const port = await freePort();
  return startFunctionHost(
    name,
    port,
    info.ports,
    stackFunctionEnv(),
    join(repoRoot, ".portal", `stack-${info.ports.hosting}`, `function-${name}-own-${port}.log`),
  );
}
