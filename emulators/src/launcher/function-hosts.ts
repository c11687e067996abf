import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import type { Ports } from "../ports.ts";
import { functionNodeBinary } from "./function-node.ts";
import { PROJECT_ID, repoRoot, stackDir } from "./stack-files.ts";

/**
 * Each HTTPS function runs as Cloud Run functions run it in production: one long-lived process per
 * function, on production's Node major (`functionNodeBinary()`), served by
 * @google-cloud/functions-framework, answering many requests at once (Cloud Functions v2 `concurrency`). firebase-tools' Functions emulator instead starts a worker
 * process per concurrent request, which collapses under a page's burst of calls.
 */
export interface FunctionHost {
  name: string;
  url: string;
  /** Time from process start to the function's first answer (module load included). */
  coldStartMs: number;
  /** The host's process id. */
  pid: number;
  stop: () => Promise<void>;
  /** Ends the process at once (SIGKILL), as an instance that crashes or is killed mid-request. */
  kill: () => Promise<void>;
}

const HOST = "127.0.0.1";

/** Every host process started and not yet stopped, so a stop during start-up leaves none behind. */
const running = new Set<() => Promise<void>>();

export async function stopFunctionHosts(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/** Function i listens on the functions port + i, so every port still moves with PORTAL_PORT_OFFSET. */
export function functionPorts(names: string[], ports: Ports): Record<string, number> {
  return Object.fromEntries(names.map((name, index) => [name, ports.functions + index]));
}

/** The functions Hosting rewrites to, in the order firebase.json first names them. */
export function rewrittenFunctions(firebaseConfig: { hosting: { rewrites: { function?: unknown }[] } }): string[] {
  const names = new Set<string>();
  for (const rewrite of firebaseConfig.hosting.rewrites) {
    const target = rewrite.function;
    if (typeof target === "string") names.add(target);
    else if (target && typeof target === "object" && "functionId" in target) names.add(String(target.functionId));
  }
  return [...names];
}

/** Starts every function's host and resolves once each answers (or rejects naming the one that failed). */
export async function startFunctionHosts(
  names: string[],
  ports: Ports,
  env: Record<string, string>,
): Promise<FunctionHost[]> {
  const portByName = functionPorts(names, ports);
  const started = names.map((name) => startFunctionHost(name, portByName[name] as number, ports, env));
  const results = await Promise.allSettled(started);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(
      results.map((result) => (result.status === "fulfilled" ? result.value.stop() : Promise.resolve())),
    );
    throw (failed as PromiseRejectedResult).reason;
  }
  return results.map((result) => (result as PromiseFulfilledResult<FunctionHost>).value);
}

/** Starts one function's host on a port and resolves once it answers. */
export async function startFunctionHost(
  name: string,
  port: number,
  ports: Ports,
  env: Record<string, string>,
  logFile = join(stackDir(ports), `function-${name}.log`),
): Promise<FunctionHost> {
  const log = createWriteStream(logFile);
  const framework = join(repoRoot, "node_modules", "@google-cloud", "functions-framework", "build", "src", "main.js");
  const startedAt = Date.now();
  const child: ChildProcess = spawn(
    functionNodeBinary(),
    [framework, `--target=${name}`, "--signature-type=http", `--source=${join(repoRoot, "functions")}`],
    {
      cwd: join(repoRoot, "functions"),
      env: {
        ...process.env,
        ...env,
        // What Cloud Run sets for a function instance.
        PORT: String(port),
        K_SERVICE: name,
        FUNCTION_TARGET: name,
        FUNCTION_SIGNATURE_TYPE: "http",
        GCLOUD_PROJECT: PROJECT_ID,
        FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` }),
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    running.delete(stop);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  running.add(stop);
  const kill = async () => {
    running.delete(stop);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await exited;
  };

  const url = `http://${HOST}:${port}`;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = startedAt + 120_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`function ${name} exited with code ${exitCode}; see ${logFile}`);
    try {
      // Any HTTP answer comes from the loaded function (the dispatcher answers unknown paths itself).
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      return { name, url, coldStartMs: Date.now() - startedAt, pid: child.pid as number, stop, kill };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stop();
  throw new Error(`function ${name} did not answer on ${url} within 120 s; see ${logFile}`);
}
