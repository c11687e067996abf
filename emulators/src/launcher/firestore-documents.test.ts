import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { FieldPath, type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./embedded-firestore.testing.ts";
import { honourQueryCursors } from "./firestore-cursors.ts";
import { scaleDocumentStore } from "./firestore-documents.ts";

const app = initializeApp({ projectId: "demo-documents" }, "firestore-documents-test");
let server: FirestoreServer;
let db: Firestore;

const id = (n: number) => `t${String(n).padStart(4, "0")}`;
const ids = (snapshot: FirebaseFirestore.QuerySnapshot) => snapshot.docs.map((doc) => doc.id);
const storedDocuments = (collection: string) =>
  (
    server.state.getCollection(`projects/demo-documents/databases/(default)/documents/${collection}`) as unknown as {
      documents: Record<string, unknown>;
    }
  ).documents;

beforeAll(async () => {
  server = new FirestoreServer();
  honourQueryCursors(server);
  scaleDocumentStore(server);
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
  // Written out of order, in two batches, so order comes from the ids and not from insertion.
  for (const part of [
    [7, 3, 9, 1, 5],
    [2, 8, 4, 6, 0],
  ]) {
    const batch = db.batch();
    for (const n of part) batch.set(db.collection("tokens").doc(id(n)), { n, user: n % 2 === 0 ? "even" : "odd" });
    await batch.commit();
  }
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

describe("the embedded Firestore emulator's document store at scale", () => {
  it("adds a document to the collection in place instead of copying the collection", async () => {
    const before = storedDocuments("tokens");
    await db.collection("tokens").doc(id(10)).set({ n: 10, user: "even" });
    expect(storedDocuments("tokens")).toBe(before);
    expect((await db.collection("tokens").doc(id(10)).get()).data()).toEqual({ n: 10, user: "even" });
    await db.collection("tokens").doc(id(10)).delete();
    expect((await db.collection("tokens").doc(id(10)).get()).exists).toBe(false);
  });

  it("pages in document-id order with startAfter, startAt, endBefore, endAt, limit and offset", async () => {
    const byId = db.collection("tokens").orderBy(FieldPath.documentId());
    const pages: string[][] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await (cursor ? byId.startAfter(cursor) : byId).limit(4).get();
      pages.push(ids(page));
      if (page.size < 4) break;
      cursor = page.docs.at(-1)?.id;
    }
    expect(pages).toEqual([
      [id(0), id(1), id(2), id(3)],
      [id(4), id(5), id(6), id(7)],
      [id(8), id(9)],
    ]);
    expect(ids(await byId.startAt(id(3)).limit(2).get())).toEqual([id(3), id(4)]);
    expect(ids(await byId.startAfter(id(3)).endBefore(id(6)).get())).toEqual([id(4), id(5)]);
    expect(ids(await byId.startAfter(id(3)).endAt(id(6)).get())).toEqual([id(4), id(5), id(6)]);
    expect(ids(await byId.offset(8).get())).toEqual([id(8), id(9)]);
    // A cursor between ids, and past the end.
    expect(
      ids(
        await byId
          .startAfter(`${id(4)}a`)
          .limit(1)
          .get(),
      ),
    ).toEqual([id(5)]);
    expect(ids(await byId.startAfter("u").get())).toEqual([]);
  });

  it("sees documents added and deleted between pages", async () => {
    const byId = db.collection("tokens").orderBy(FieldPath.documentId());
    await db.collection("tokens").doc(id(2)).delete();
    await db
      .collection("tokens")
      .doc(`${id(4)}b`)
      .set({ n: 4.5, user: "new" });
    expect(ids(await byId.startAfter(id(1)).limit(4).get())).toEqual([id(3), id(4), `${id(4)}b`, id(5)]);
    await db.collection("tokens").doc(id(2)).set({ n: 2, user: "even" });
    await db
      .collection("tokens")
      .doc(`${id(4)}b`)
      .delete();
    expect(ids(await byId.startAfter(id(1)).limit(3).get())).toEqual([id(2), id(3), id(4)]);
  });

  it("leaves filtered and other orders to the general path", async () => {
    const tokens = db.collection("tokens");
    expect(ids(await tokens.where("user", "==", "odd").orderBy(FieldPath.documentId()).limit(2).get())).toEqual([
      id(1),
      id(3),
    ]);
    expect(ids(await tokens.orderBy("n", "desc").limit(2).get())).toEqual([id(9), id(8)]);
    expect(ids(await tokens.orderBy(FieldPath.documentId(), "desc").limit(1).get())).toEqual([id(9)]);
  });
});
