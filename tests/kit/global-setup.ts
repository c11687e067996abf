import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot, TEST_PORT_OFFSET } from "./stack-info.ts";

let launcher: ChildProcess | undefined;

/** Starts the whole stack once for the run (already built by `npm test`), stops it afterwards. */
export async function setup(): Promise<void> {
  const started = Date.now();
  launcher = spawn(
    process.execPath,
    [
      join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs"),
      join(repoRoot, "emulators", "src", "launcher", "main.ts"),
      "--quiet",
      // No job runs on its own clock under the tests: the form-submission retry job rewrote a
      // pending outbox document every minute, in the middle of other tests' "changes nothing"
      // checks. A test of a job runs the job itself.
      "--no-scheduler",
      // Stops when this run is gone, even one killed before its teardown.
      `--exit-with=${process.pid}`,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, PORTAL_PORT_OFFSET: String(TEST_PORT_OFFSET) },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: if it has to be killed, the function hosts it started go with it
      // (a killed launcher once left them running, holding the ports of the next run).
      detached: true,
    },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The stack did not start within 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Portal: http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    launcher?.stdout?.on("data", onData);
    launcher?.stderr?.on("data", onData);
    launcher?.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The stack stopped during start-up (exit ${code}):\n${output}`));
    });
  });
  launcher.removeAllListeners("exit");
  console.log(`Test stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function teardown(): Promise<void> {
  if (!launcher || launcher.exitCode !== null) return;
  const exited = new Promise((resolve) => launcher?.once("exit", resolve));
  launcher.kill("SIGINT");
  const group = launcher.pid as number;
  const timer = setTimeout(() => {
    try {
      process.kill(-group, "SIGKILL");
    } catch {}
  }, 20_000);
  await exited;
  clearTimeout(timer);
}
