import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  type RunningSandbox,
  type SandboxDefinition,
  sandboxControl,
  startSandbox,
} from "../../emulators/src/sandboxes/kit.ts";

export interface StartedSandbox {
  sandbox: RunningSandbox;
  control: ReturnType<typeof sandboxControl>;
}

/**
 * A contract test file's own sandbox, started in-process on a free port before all tests: its
 * variables (and `env`) are put in process.env, its state is reset before each test and it is
 * closed after all. The fields are set once the file's beforeAll has run.
 */
export function useSandbox(definition: SandboxDefinition, env: Record<string, string>): StartedSandbox {
  const started = {} as StartedSandbox;
  beforeAll(async () => {
    started.sandbox = await startSandbox(definition, 0);
    Object.assign(process.env, started.sandbox.env, env);
    started.control = sandboxControl(started.sandbox.url);
  });
  afterAll(() => started.sandbox.close());
  beforeEach(() => started.control.reset());
  return started;
}

/**
 * Runs `work` with the sandbox answering 1.5 s late and the adapter's timeout variable at 300 ms
 * (set back to 2000 after); how many milliseconds it took.
 */
export async function timeWhileSlow(
  control: StartedSandbox["control"],
  timeoutVariable: string,
  work: () => Promise<void>,
): Promise<number> {
  await control.setFaults({ latencyMs: 1500 });
  process.env[timeoutVariable] = "300";
  const started = Date.now();
  try {
    await work();
  } finally {
    process.env[timeoutVariable] = "2000";
  }
  return Date.now() - started;
}
