/**
 * Vitest global setup (functions' unit tests, the contract tests): one Firestore emulator per run,
 * on a free port, started only when a test file first asks for it (a run of files that never touch
 * Firestore starts no JVM). Test files isolate themselves by project id (useFirestoreEmulator in
 * functions/src/data/__tests__/firestore-emulator.ts) and the emulator stops with the run.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type FirestoreEmulator, startFirestoreEmulator } from "./firestore-emulator.ts";
import { freePort } from "./lock.ts";
import { repoRoot } from "./stack-files.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** GET it for the run's emulator host (host:port), started on the first request. */
    firestoreEmulatorBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let starting: Promise<FirestoreEmulator> | undefined;
  const start = async () => {
    const emulator = startFirestoreEmulator({ port: await freePort(), rulesFile: join(repoRoot, "firestore.rules") });
    await emulator.ready;
    return emulator;
  };
  const broker = createServer((_request, response) => {
    starting ??= start();
    starting.then(
      (emulator) => response.end(emulator.host),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  project.provide("firestoreEmulatorBroker", `http://127.0.0.1:${(broker.address() as AddressInfo).port}/`);
  return async () => {
    broker.close();
    const emulator = await starting?.catch(() => undefined);
    await emulator?.stop();
  };
}
