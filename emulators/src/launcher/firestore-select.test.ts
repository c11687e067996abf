import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./embedded-firestore.testing.ts";
import { honourQueryCursors } from "./firestore-cursors.ts";
import { indexQueries } from "./firestore-indexes.ts";
import { honourSelect } from "./firestore-select.ts";

const app = initializeApp({ projectId: "demo-select" }, "firestore-select-test");
let server: FirestoreServer;
let db: Firestore;

beforeAll(async () => {
  server = new FirestoreServer();
  honourQueryCursors(server);
  indexQueries(server, { minDocuments: 0 });
  honourSelect(server);
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
  const batch = db.batch();
  for (const [id, last, keys] of [
    ["p1", "adams", ["a", "ad"]],
    ["p2", "baker", ["b", "ba"]],
    ["p3", "clark", ["c", "cl"]],
  ] as const) {
    batch.set(db.collection("people").doc(id), { Id: id, last, keys, nested: { deep: 1 }, secret: "s" });
  }
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

describe("select() on the embedded Firestore emulator", () => {
  it("answers only the selected fields, for the same documents in the same order", async () => {
    const people = db.collection("people");
    const whole = await people.orderBy("last", "desc").get();
    const some = await people.select("last", "Id").orderBy("last", "desc").get();
    expect(some.docs.map((doc) => doc.id)).toEqual(whole.docs.map((doc) => doc.id));
    expect(some.docs.map((doc) => doc.data())).toEqual([
      { last: "clark", Id: "p3" },
      { last: "baker", Id: "p2" },
      { last: "adams", Id: "p1" },
    ]);
    expect(whole.docs[0]?.data()).toMatchObject({ secret: "s", keys: ["c", "cl"] });
  });

  it("filters and pages on fields it does not answer", async () => {
    const query = db.collection("people").where("keys", "array-contains", "ba").select("Id");
    expect((await query.get()).docs.map((doc) => doc.data())).toEqual([{ Id: "p2" }]);
    const page = await db.collection("people").select("last").orderBy("last").startAfter("adams").limit(1).get();
    expect(page.docs.map((doc) => [doc.id, doc.data()])).toEqual([["p2", { last: "baker" }]]);
  });

  it("answers names only for select() with no field, and leaves stored documents whole", async () => {
    const names = await db.collection("people").select().get();
    expect(names.docs.map((doc) => doc.data())).toEqual([{}, {}, {}]);
    expect((await db.collection("people").doc("p1").get()).get("secret")).toBe("s");
  });
});
