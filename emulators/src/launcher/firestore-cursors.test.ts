import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { FieldPath, type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./embedded-firestore.testing.ts";
import { honourQueryCursors } from "./firestore-cursors.ts";

const app = initializeApp({ projectId: "demo-cursors" }, "firestore-cursors-test");
let server: FirestoreServer;
let db: Firestore;

beforeAll(async () => {
  server = new FirestoreServer();
  honourQueryCursors(server);
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
  const batch = db.batch();
  // Two people share a last name, so the id breaks the tie.
  const people = [
    ["p1", "adams", ["a", "ad"]],
    ["p2", "baker", ["b", "ba"]],
    ["p3", "baker", ["b", "ba"]],
    ["p4", "clark", ["c", "cl"]],
    ["p5", "davis", ["d", "da"]],
  ] as const;
  for (const [id, last, keys] of people) batch.set(db.collection("people").doc(id), { Id: id, last, keys });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

const ids = (snapshot: FirebaseFirestore.QuerySnapshot) => snapshot.docs.map((doc) => doc.id);

describe("query cursors on the embedded Firestore emulator", () => {
  it("pages with startAfter over a two-field order", async () => {
    const ordered = db.collection("people").orderBy("last").orderBy("Id").limit(2);
    const first = await ordered.get();
    expect(ids(first)).toEqual(["p1", "p2"]);
    const second = await ordered.startAfter("baker", "p2").get();
    expect(ids(second)).toEqual(["p3", "p4"]);
    const third = await ordered.startAfter(second.docs[1]).get();
    expect(ids(third)).toEqual(["p5"]);
  });

  it("honours startAt, endBefore, endAt, descending order and offset", async () => {
    const people = db.collection("people");
    expect(ids(await people.orderBy("last").orderBy("Id").startAt("baker", "p3").get())).toEqual(["p3", "p4", "p5"]);
    expect(ids(await people.orderBy("last").endBefore("clark").get())).toEqual(["p1", "p2", "p3"]);
    expect(ids(await people.orderBy("last").endAt("clark").get())).toEqual(["p1", "p2", "p3", "p4"]);
    expect(ids(await people.orderBy("last", "desc").orderBy("Id", "desc").startAfter("clark", "p4").get())).toEqual([
      "p3",
      "p2",
      "p1",
    ]);
    expect(ids(await people.orderBy("Id").offset(3).get())).toEqual(["p4", "p5"]);
    expect(ids(await people.orderBy(FieldPath.documentId()).startAfter("p3").get())).toEqual(["p4", "p5"]);
  });

  it("pages a filtered query (array-contains) with a cursor", async () => {
    const query = db.collection("people").where("keys", "array-contains", "ba").orderBy("Id").limit(1);
    const first = await query.get();
    expect(ids(first)).toEqual(["p2"]);
    expect(ids(await query.startAfter(first.docs[0]).get())).toEqual(["p3"]);
  });
});
