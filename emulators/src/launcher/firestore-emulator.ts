/**
 * Google's Cloud Firestore emulator (the one `firebase emulators` runs), started directly on the
 * machine's Java: firebase-tools' own launcher insists on Java 21, and the jar runs on Java 17.
 * Used by the stack (main.ts), the bench and the unit tests' global setup (firestore-test-setup.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./stack-files.ts";

/** Where the Cloud SDK package `google-cloud-cli-firestore-emulator` (apt) puts the emulator. */
export const CLOUD_SDK_JAR = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar";
/** The class the SDK's `cloud_firestore_emulator` script runs (the jar has no Main-Class of its own). */
const MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

const HOW_TO_GET_IT = [
  "The Cloud Firestore emulator was not found. Any one of these provides it:",
  "  - apt-get install google-cloud-cli-firestore-emulator (Google's Cloud SDK apt repository), which",
  `    installs ${CLOUD_SDK_JAR};`,
  "  - npx firebase setup:emulators:firestore, which downloads it to ~/.cache/firebase/emulators/;",
  "  - FIRESTORE_EMULATOR_BINARY_PATH=/path/to/cloud-firestore-emulator.jar (or the SDK's cloud_firestore_emulator script).",
  "It needs Java 17 or newer (apt-get install openjdk-17-jre-headless).",
].join("\n");

/**
 * The emulator's jar: `FIRESTORE_EMULATOR_BINARY_PATH` (a jar, or the SDK's script beside its jar),
 * else the newest in firebase-tools' emulator cache (FIREBASE_EMULATORS_PATH or
 * ~/.cache/firebase/emulators), else the Cloud SDK's. Throws with how to get it.
 */
export function findFirestoreEmulator(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (given) {
    const jar = given.endsWith(".jar") ? given : join(given, "..", "cloud-firestore-emulator.jar");
    if (existsSync(jar)) return jar;
    throw new Error(`FIRESTORE_EMULATOR_BINARY_PATH=${given}, but ${jar} does not exist.\n${HOW_TO_GET_IT}`);
  }
  const cache = env.FIREBASE_EMULATORS_PATH || join(homedir(), ".cache", "firebase", "emulators");
  const cached = existsSync(cache)
    ? readdirSync(cache)
        .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    : [];
  const newest = cached.at(-1);
  if (newest) return join(cache, newest);
  if (existsSync(CLOUD_SDK_JAR)) return CLOUD_SDK_JAR;
  throw new Error(HOW_TO_GET_IT);
}

/**
 * The JVM's class-data-sharing archive of the emulator's classes, one per jar (path, size, time).
 * Measured on this 2-core machine under load 20: ready in 11 s with it, 33 s without. The first
 * start without one records it (-XX:ArchiveClassesAtExit) and writes it when stopped.
 */
function classArchive(jar: string): { use: string | null; record: string | null; keep: () => void } {
  const { size, mtimeMs } = statSync(jar);
  const dir = join(repoRoot, ".portal", "firestore-emulator");
  const name = `${jar.replace(/[^A-Za-z0-9]+/g, "_")}-${size}-${Math.round(mtimeMs)}.jsa`;
  const path = join(dir, name);
  if (existsSync(path)) return { use: path, record: null, keep: () => undefined };
  mkdirSync(dir, { recursive: true });
  const draft = `${path}.${process.pid}.${Date.now()}`;
  return {
    use: null,
    record: draft,
    // Renamed only once complete, so a concurrent start never maps a half-written archive.
    keep: () => {
      try {
        if (existsSync(draft) && statSync(draft).size > 0) renameSync(draft, path);
        else rmSync(draft, { force: true });
      } catch {}
    },
  };
}

/** `setpriv` (util-linux) can give the JVM a parent-death signal; without it only our exit handlers stop it. */
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((path) => existsSync(path));

export interface FirestoreEmulator {
  /** host:port, what FIRESTORE_EMULATOR_HOST takes. */
  host: string;
  url: string;
  child: ChildProcess;
  /** Resolves when the emulator answers. */
  ready: Promise<void>;
  /** Resolves with the exit code if the JVM stops. */
  exited: Promise<number | null>;
  /** Stops the JVM (its process group); resolves once it is gone. */
  stop(): Promise<void>;
}

export interface StartOptions {
  host?: string;
  port: number;
  /** Security rules to enforce on requests without admin credentials (firestore.rules). */
  rulesFile?: string;
  /** Where the emulator's output goes; otherwise it is kept only to explain a failed start. */
  logFile?: string;
  /** How long the start may take (the JVM's start: about 3 s on an idle 2-core machine). */
  timeoutMs?: number;
}

/**
 * Starts the emulator in its own process group. It cannot outlive this process: the JVM gets
 * SIGKILL when this process dies, however it dies (setpriv --pdeathsig, i.e. prctl(PR_SET_PDEATHSIG)),
 * and `stop()` and this process's exit kill its group.
 */
export function startFirestoreEmulator({
  host = "127.0.0.1",
  port,
  rulesFile,
  logFile,
  timeoutMs = 90_000,
}: StartOptions): FirestoreEmulator {
  const jar = findFirestoreEmulator();
  const java = process.env.JAVA ?? "java";
  const archive = classArchive(jar);
  const args = [
    "-Duser.language=en",
    ...(archive.use ? [`-XX:SharedArchiveFile=${archive.use}`] : []),
    ...(archive.record ? [`-XX:ArchiveClassesAtExit=${archive.record}`, "-Xlog:cds=off"] : []),
    // Start-up and a small footprint matter more than peak throughput here (one JVM per stack and
    // per unit-test run on a shared 2-core machine).
    "-XX:+UseSerialGC",
    "-Xss512k",
    "-cp",
    jar,
    MAIN_CLASS,
    "start",
    `--host=${host}`,
    `--port=${port}`,
    ...(rulesFile ? [`--rules=${rulesFile}`] : []),
  ];
  const [command, commandArgs] = setpriv ? [setpriv, ["--pdeathsig", "KILL", "--", java, ...args]] : [java, args];
  const child = spawn(command, commandArgs, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const log = logFile ? createWriteStream(logFile) : null;
  const keep = (chunk: Buffer) => {
    if (log) log.write(chunk);
    if (output.length < 20_000) output += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (error) => {
      // ENOENT: no `java` (or setpriv) on the PATH.
      output += `\n${error.message}\nThe emulator needs Java 17 or newer (apt-get install openjdk-17-jre-headless, or JAVA=/path/to/java).`;
      resolve(-1);
    });
  });
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {}
  };
  const onExit = () => killGroup("SIGKILL");
  process.once("exit", onExit);
  void exited.then(() => {
    process.off("exit", onExit);
    log?.end();
    archive.keep();
  });

  const url = `http://${host}:${port}`;
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    let stopped: number | null | undefined;
    void exited.then((code) => {
      stopped = code;
    });
    while (Date.now() < deadline) {
      if (stopped !== undefined) {
        throw new Error(`The Firestore emulator (${jar}) stopped with code ${stopped}:\n${output.slice(-4000)}`);
      }
      try {
        const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    killGroup("SIGKILL");
    throw new Error(
      `The Firestore emulator did not answer at ${url} within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`,
    );
  })();
  // A failed start is reported by whoever awaits `ready`; never as an unhandled rejection.
  ready.catch(() => undefined);

  const stop = async () => {
    // Only a JVM recording its class archive needs an orderly exit (it writes the archive then).
    killGroup(archive.record ? "SIGTERM" : "SIGKILL");
    const timer = setTimeout(() => killGroup("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  };
  return { host: `${host}:${port}`, url, child, ready, exited, stop };
}

/**
 * Deletes every document of a project's default database (the emulator's own endpoint), so a test
 * file or a run starts empty.
 */
export async function clearFirestore(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: "DELETE",
  });
  if (!response.ok) throw new Error(`Clearing Firestore of ${projectId} answered ${response.status}`);
}
