/**
 * The whole portal on one machine: Google's Cloud Firestore emulator as a child (a JVM); the object
 * store and every external-system sandbox in this process; firebase-tools' Auth and Hosting
 * emulators as a child; one
 * functions-framework process per HTTPS function (as Cloud Run runs them); the front door that
 * routes Hosting's function rewrites to them; then the seed and the local job scheduler. Prints the
 * portal URL once every part answers.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type PortName, resolvePorts } from "../ports.ts";
import { chatWidgetUrl } from "../sandboxes/chat/index.ts";
import { SANDBOXES } from "../sandboxes/index.ts";
import { type RunningSandbox, startSandbox } from "../sandboxes/kit.ts";
import { SEED_PASSWORD, SEEDED_USERS } from "../seed/fixtures.ts";
import { startFirebaseEmulators } from "./firebase-emulators.ts";
import { startFirestoreEmulator } from "./firestore-emulator.ts";
import {
  type FunctionHost,
  functionPorts,
  rewrittenFunctions,
  startFunctionHosts,
  stopFunctionHosts,
} from "./function-hosts.ts";
import { functionNodeVersion } from "./function-node.ts";
import { waitForHttp } from "./health.ts";
import { startHostingFront } from "./hosting-front.ts";
import { busyPorts, removeStackInfo, runningStack, writeStackInfo } from "./lock.ts";
import { startScheduler } from "./scheduler.ts";
import { PROJECT_ID, preparePublicDir, repoRoot, stackDir, writeFirebaseConfig } from "./stack-files.ts";
import { startViteDevServer } from "./vite-dev.ts";

const HOST = "127.0.0.1";
const quiet = process.argv.includes("--quiet");
const say = (message: string) => {
  if (!quiet) console.log(message);
};

async function main() {
  const ports = resolvePorts();
  const portalUrl = `http://${HOST}:${ports.hosting}`;

  const already = runningStack(ports);
  if (already) {
    console.error(
      `The portal is already running (launcher pid ${already.pid}) at ${already.portalUrl}. Stop it with Ctrl-C first.`,
    );
    process.exit(1);
  }
  const firebaseConfig = JSON.parse(readFileSync(join(repoRoot, "firebase.json"), "utf8"));
  const functionNames = rewrittenFunctions(firebaseConfig);
  const portByFunction = functionPorts(functionNames, ports);
  const busy = await busyPorts({ ...ports, ...portByFunction }, HOST);
  if (busy.length > 0) {
    console.error(`Cannot start: these ports are in use by another program: ${busy.join(", ")}.`);
    console.error("Free them, or move every port with PORTAL_PORT_OFFSET=<n> (or one with PORTAL_PORT_<NAME>=<port>).");
    process.exit(1);
  }

  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say("\nStopping the portal…");
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    removeStackInfo(ports);
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));
  const watched = Number(process.argv.find((arg) => arg.startsWith("--exit-with="))?.slice("--exit-with=".length));
  if (watched > 0) {
    // A test run killed before its teardown (a timeout, a second Ctrl-C) left this stack, in its own
    // process group, holding the next run's ports. The run that started it gone, it stops.
    const watch = setInterval(() => {
      try {
        process.kill(watched, 0);
      } catch {
        void stopAll(1);
      }
    }, 2_000);
    watch.unref();
  }

  const fail = async (part: string, error: unknown) => {
    console.error(`✖ ${part} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
  };

  // Firestore: Google's emulator, enforcing firestore.rules on every request without admin credentials.
  say(`Starting Firestore emulator on ${HOST}:${ports.firestore}…`);
  const firestoreStarted = Date.now();
  try {
    mkdirSync(stackDir(ports), { recursive: true });
    const firestore = startFirestoreEmulator({
      host: HOST,
      port: ports.firestore,
      rulesFile: join(repoRoot, "firestore.rules"),
      logFile: join(stackDir(ports), "firestore-emulator.log"),
    });
    stoppers.push(firestore.stop);
    await firestore.ready;
    say(`Firestore emulator answered after ${Date.now() - firestoreStarted} ms`);
    void firestore.exited.then((code) => {
      if (!stopping) {
        console.error(
          `✖ The Firestore emulator stopped unexpectedly (code ${code}); see ${stackDir(ports)}/firestore-emulator.log`,
        );
        void stopAll(1);
      }
    });
  } catch (error) {
    return fail("Firestore emulator", error);
  }

  // External systems (and the Cloud Storage stand-in) speak their own protocols on their own ports.
  const sandboxes: RunningSandbox[] = [];
  for (const definition of SANDBOXES) {
    const port = ports[definition.name as PortName] ?? 0;
    try {
      const sandbox = await startSandbox(definition, port, HOST);
      sandboxes.push(sandbox);
      stoppers.push(sandbox.close);
      say(`Sandbox ${definition.name} on ${sandbox.url}`);
    } catch (error) {
      return fail(`Sandbox ${definition.name}`, error);
    }
  }

  const functionsEnv: Record<string, string> = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    PORTAL_URL: portalUrl,
    ...Object.assign({}, ...sandboxes.map((sandbox) => sandbox.env)),
  };
  Object.assign(process.env, functionsEnv, { FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}` });

  say("Starting Auth and Hosting emulators (firebase-tools) and the functions…");
  let publicDir: string;
  let configFile: string;
  try {
    const chat = sandboxes.find((sandbox) => sandbox.name === "chat");
    const boxes = sandboxes.find((sandbox) => sandbox.name === "boxes");
    publicDir = preparePublicDir(ports, HOST, {
      chatAssistantUrl: chat ? chatWidgetUrl(chat.url) : null,
      fileBox:
        boxes?.env.BOX_API_URL && boxes.env.BOX_UPLOAD_URL
          ? { apiUrl: boxes.env.BOX_API_URL, uploadUrl: boxes.env.BOX_UPLOAD_URL }
          : null,
    });
    configFile = writeFirebaseConfig(
      ports,
      HOST,
      publicDir,
      [`http://${HOST}:${ports.auth}`, ...sandboxes.map((sandbox) => sandbox.url)],
      chat?.url ?? null,
    );
  } catch (error) {
    return fail("Hosting", error);
  }
  const emulators = startFirebaseEmulators(configFile, ports, functionsEnv);
  stoppers.push(emulators.stop);
  const cliExit = emulators.exited.then((code) => `firebase-tools exited with code ${code}; see ${emulators.logFile}`);

  stoppers.push(stopFunctionHosts);
  let functionHosts: FunctionHost[];
  try {
    functionHosts = await startFunctionHosts(functionNames, ports, {
      ...functionsEnv,
      FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    });
  } catch (error) {
    return fail("Functions", error);
  }
  say(
    `Functions on Node ${functionNodeVersion()} (first answer after start): ${functionHosts.map((h) => `${h.name} ${h.coldStartMs} ms`).join(", ")}`,
  );

  try {
    const front = await startHostingFront(
      firebaseConfig.hosting,
      {
        functions: Object.fromEntries(functionHosts.map((host) => [host.name, host.url])),
        hosting: `http://${HOST}:${ports.hostingFiles}`,
      },
      ports.hosting,
      HOST,
    );
    stoppers.push(front.close);
  } catch (error) {
    return fail("Hosting front", error);
  }

  try {
    await waitForHttp("Auth emulator", `http://${HOST}:${ports.auth}/`, { abort: cliExit });
    await waitForHttp("Hosting", `${portalUrl}/`, { ok: (s) => s === 200, abort: cliExit });
    await waitForHttp("API functions", `${portalUrl}/api/health`, { ok: (s) => s === 200, abort: cliExit });
  } catch (error) {
    return fail("Firebase emulators", error);
  }
  // Hosting's SPA fallback is now known good; a CLI exit after this point stops everything.
  void emulators.exited.then(() => {
    if (!stopping) {
      console.error(`✖ firebase-tools stopped unexpectedly; see ${emulators.logFile}`);
      void stopAll(1);
    }
  });

  say("Seeding…");
  try {
    const { seedAll } = await import("./seed-all.ts");
    await seedAll();
  } catch (error) {
    return fail("Seed", error);
  }

  if (!process.argv.includes("--no-scheduler")) stoppers.push(startScheduler(say, ports));

  writeStackInfo({
    pid: process.pid,
    portalUrl,
    ports,
    sandboxes: Object.fromEntries(sandboxes.map((sandbox) => [sandbox.name, sandbox.url])),
    functions: Object.fromEntries(
      functionHosts.map((host) => [host.name, { url: host.url, coldStartMs: host.coldStartMs, pid: host.pid }]),
    ),
  });

  if (process.argv.includes("--dev")) stoppers.push(startViteDevServer(portalUrl, say));

  console.log(`\nPortal: ${portalUrl}`);
  if (!quiet) {
    console.log(`Auth emulator: http://${HOST}:${ports.auth}   Firestore: ${HOST}:${ports.firestore}`);
    console.log(`\nSeeded sign-ins (password ${SEED_PASSWORD}):`);
    for (const user of SEEDED_USERS) console.log(`  ${user.email.padEnd(30)} ${user.description}`);
    console.log("\nPress Ctrl-C to stop everything.");
  }
}

void main();
