import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import type { Ports } from "../ports.ts";
import { PROJECT_ID, repoRoot, stackDir } from "./stack-files.ts";

export interface FirebaseEmulators {
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code if the CLI stops (a failed start shows up here). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Starts firebase-tools' Auth and Hosting emulators (the functions run in function-hosts.ts). */
export function startFirebaseEmulators(
  configFile: string,
  ports: Ports,
  env: Record<string, string>,
): FirebaseEmulators {
  const logFile = join(stackDir(ports), "firebase-emulators.log");
  const log = createWriteStream(logFile);
  const cli = join(repoRoot, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
  const child = spawn(
    process.execPath,
    [cli, "emulators:start", "--only", "auth,hosting", "--project", PROJECT_ID, "--config", configFile],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: process.env.CI ?? "true" },
      detached: true, // its own process group, so stopping it stops everything it started
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
    }, 8000);
    await exited;
    clearTimeout(timer);
  };
  return { child, logFile, exited, stop };
}
