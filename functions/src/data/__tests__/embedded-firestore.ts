import { createServer } from "node:net";
import { FirestoreServer } from "@firestore-emulator/server";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { afterAll, beforeAll } from "vitest";

/** A port nobody listens on now, so parallel test files never share an emulator. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts an embedded Firestore emulator (its fix layers already installed) and points firebase-admin at it. */
export async function startEmbeddedFirestore(server: FirestoreServer): Promise<void> {
  const port = await freePort();
  await server.start(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
}

/**
 * For a test file: an embedded Firestore emulator for the file's tests, with the process's one
 * firebase-admin app (platform/firebase.ts takes the first) pointed at it, both stopped after.
 */
export function useEmbeddedFirestore(projectId: string): void {
  let server: FirestoreServer | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    server = new FirestoreServer();
    await startEmbeddedFirestore(server);
    app = initializeApp({ projectId });
  });
  afterAll(async () => {
    if (app) await deleteApp(app);
    server?.stop();
  });
}
