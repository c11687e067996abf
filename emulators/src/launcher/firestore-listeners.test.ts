import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, type QuerySnapshot } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./embedded-firestore.testing.ts";
import { scopeQueryListeners } from "./firestore-listeners.ts";

const app = initializeApp({ projectId: "demo-listeners" }, "firestore-listeners-test");
let server: FirestoreServer;
let db: Firestore;
/** How often the emulator ran a query (a listener re-runs its query on each write it hears). */
let queriesRun = 0;

beforeAll(async () => {
  server = new FirestoreServer();
  scopeQueryListeners(server);
  const runQuery = server.state.v1Query.bind(server.state);
  server.state.v1Query = (...args) => {
    queriesRun++;
    return runQuery(...args);
  };
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

/** Every snapshot a query listener delivers, until stopped. */
function listen(collection: string) {
  const snapshots: QuerySnapshot[] = [];
  const stop = db.collection(collection).onSnapshot((snapshot) => snapshots.push(snapshot));
  return { snapshots, stop };
}

const until = async (condition: () => boolean) => {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 200) throw new Error("condition not met in 2 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("query listeners on the embedded Firestore emulator", () => {
  it("hear writes to their own collection, not to others", async () => {
    await db.collection("flags").doc("a").set({ enabled: true });
    const flags = listen("flags");
    await until(() => flags.snapshots.length === 1);
    const queriesBefore = queriesRun;

    // A write elsewhere, then one to the collection: only the second one re-runs the query.
    await db.collection("sessions").doc("s").set({ at: 1 });
    await db.collection("flags").doc("a").set({ enabled: false });
    await until(() => flags.snapshots.length >= 2);
    flags.stop();
    expect(queriesRun - queriesBefore).toBe(1);
    expect(flags.snapshots).toHaveLength(2);
    expect(flags.snapshots[1]?.docs.map((doc) => doc.data())).toEqual([{ enabled: false }]);
  });

  it("still hear creates and deletes in their collection", async () => {
    const texts = listen("texts");
    await until(() => texts.snapshots.length === 1);
    await db.collection("texts").doc("t").set({ value: "hello" });
    await until(() => texts.snapshots.at(-1)?.size === 1);
    await db.collection("texts").doc("t").delete();
    await until(() => texts.snapshots.at(-1)?.size === 0);
    texts.stop();
  });
});
