import { join } from "node:path";
import { startFunctionHost } from "../../emulators/src/launcher/function-hosts.ts";
import { PROJECT_ID } from "../../emulators/src/launcher/stack-files.ts";
import { freePort } from "../kit/chromium.ts";
import { repoRoot, stackInfo } from "../kit/stack-info.ts";
import type { BenchRow } from "./table.ts";

/**
 * Each function's cold start measured alone: a second host of the function, started while nothing
 * else starts, timed from process start to its first answer (module load included). The stack's
 * own start-up figures are taken with every function and firebase-tools starting at once.
 */
export async function measureColdStarts(): Promise<{ rows: BenchRow[]; results: Record<string, number> }> {
  const info = stackInfo() as ReturnType<typeof stackInfo> & { functions?: Record<string, unknown> };
  const env = {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${info.ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${info.ports.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
  };
  const rows: BenchRow[] = [];
  const results: Record<string, number> = {};
  for (const name of Object.keys(info.functions ?? {})) {
    const host = await startFunctionHost(
      name,
      await freePort(),
      info.ports,
      env,
      join(repoRoot, ".portal", `bench-cold-start-${name}.log`),
    );
    await host.stop();
    results[name] = host.coldStartMs;
    rows.push({ section: "function cold start", row: name, measure: "alone", value: host.coldStartMs, unit: "ms" });
  }
  return { rows, results };
}
