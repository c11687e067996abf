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
