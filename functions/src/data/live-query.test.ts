import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRESTORE_START_TIMEOUT_MS, firestoreEmulatorFor } from "./__tests__/firestore-emulator";
import { liveQuery } from "./live-query";

const app = initializeApp({ projectId: "demo-live-query" }, "live-query-test");
let db: Firestore;

beforeAll(async () => {
  await firestoreEmulatorFor("demo-live-query");
  db = getFirestore(app);
}, FIRESTORE_START_TIMEOUT_MS);

afterAll(async () => {
  await deleteApp(app);
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
