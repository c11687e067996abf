import { createServer } from "node:net";
import type { FirestoreServer } from "@firestore-emulator/server";

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
