import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./__tests__/embedded-firestore";
import { liveQuery } from "./live-query";

const app = initializeApp({ projectId: "demo-live-query" }, "live-query-test");
let server: FirestoreServer;
let db: Firestore;

beforeAll(async () => {
  server = new FirestoreServer();
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

describe("liveQuery", () => {
  it("shows this instance's own write on the next read, without waiting for the listener", async () => {
    const flags = db.collection("flags-own");
    await flags.doc("a").set({ on: false });
    const live = liveQuery(
      () => flags,
      (docs) => docs.map((doc) => doc.get("on") as boolean),
    );
    expect(await live.read()).toEqual([false]);
    await flags.doc("a").set({ on: true });
    live.changed();
    expect(await live.read()).toEqual([true]);
  });

  it("follows writes made elsewhere through its listener, and derives once per result", async () => {
    const texts = db.collection("texts-elsewhere");
    let derivations = 0;
    const live = liveQuery(
      () => texts,
      (docs) => {
        derivations++;
        return docs.map((doc) => doc.id);
      },
    );
    const first = await live.read();
    expect(first).toEqual([]);
    expect(await live.read()).toBe(first);
    expect(derivations).toBe(1);
    await texts.doc("hello").set({ value: "hola" });
    await expect.poll(() => live.read()).toEqual(["hello"]);
  });
});
