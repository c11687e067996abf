import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { afterAll, beforeAll, inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's Firestore emulator broker (emulators/src/launcher/firestore-test-setup.ts). */
    firestoreEmulatorBroker: string;
  }
}

/**
 * The run's Firestore emulator (started by the global setup, emulators/src/launcher/firestore-test-setup.ts,
 * on the first request), with FIRESTORE_EMULATOR_HOST pointed at it, and `projectId`'s data deleted,
 * so a test file that uses a project id of its own starts empty and shares nothing.
 */
export async function firestoreEmulatorFor(projectId: string): Promise<string> {
  const broker = await fetch(inject("firestoreEmulatorBroker"));
  const host = await broker.text();
  if (!broker.ok) throw new Error(`The run's Firestore emulator did not start: ${host}`);
  process.env.FIRESTORE_EMULATOR_HOST = host;
  // The emulator's own endpoint: every document of the project's default database.
  const cleared = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: "DELETE",
  });
  if (!cleared.ok) throw new Error(`Clearing ${projectId} answered ${cleared.status}`);
  return host;
}

/** How long the first test file may wait for the emulator's JVM (measured: 5 s, up to 35 s under load 20). */
export const FIRESTORE_START_TIMEOUT_MS = 120_000;

/**
 * For a test that races transactions on one document: on the Cloud Firestore emulator a conflict
 * waits for the other transaction's lock, then retries, 2.4-3.7 s each (measured; Firestore itself
 * aborts the younger one at once), so such a test gets more than vitest's 5 s default.
 */
export const TRANSACTION_RACE_TIMEOUT_MS = 60_000;

/**
 * For a test file: the run's Firestore emulator, with the process's one firebase-admin app
 * (platform/firebase.ts takes the first) on the file's own project, deleted after.
 */
export function useFirestoreEmulator(projectId: string): void {
  let app: App | undefined;
  beforeAll(async () => {
    await firestoreEmulatorFor(projectId);
    app = initializeApp({ projectId });
  }, FIRESTORE_START_TIMEOUT_MS);
  afterAll(async () => {
    if (app) await deleteApp(app);
  });
}
