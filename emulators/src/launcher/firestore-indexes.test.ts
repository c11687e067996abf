import { FirestoreServer } from "@firestore-emulator/server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { FieldPath, FieldValue, Filter, type Firestore, getFirestore, type Query } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedFirestore } from "./embedded-firestore.testing.ts";
import { honourQueryCursors } from "./firestore-cursors.ts";
import { scaleDocumentStore } from "./firestore-documents.ts";
import { type IndexLayer, indexQueries } from "./firestore-indexes.ts";

const app = initializeApp({ projectId: "demo-indexes" }, "firestore-indexes-test");
let server: FirestoreServer;
let layer: IndexLayer;
let db: Firestore;

/** A small deterministic generator (the same data on every run). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T };
}
const random = generator(17);

/**
 * A document with the awkward cases: missing fields, mixed types (an integer, a double, a string
 * where numbers are usual), null, arrays and a non-array where arrays are usual, repeated values
 * (ties), and ids that are array indexes ("12"), which the emulator keeps first in storage order.
 */
function thing(id: string): Record<string, unknown> {
  const data: Record<string, unknown> = { Id: id, flag: random.next() < 0.5 };
  const n = random.next();
  if (n < 0.8) data.n = Math.floor(random.next() * 10);
  else if (n < 0.87) data.n = Math.floor(random.next() * 10) + 0.5;
  else if (n < 0.92) data.n = "5";
  const s = random.next();
  if (s < 0.85) data.s = random.pick(["a", "b", "c", "d"]);
  else if (s < 0.93) data.s = null;
  const tags = random.next();
  if (tags < 0.85) data.tags = ["x", "y", "z", "w"].filter((tag) => random.next() < (tag === "w" ? 0.05 : 0.4));
  else if (tags < 0.9) data.tags = "x";
  return data;
}

const THINGS = 400;
let nextId = 0;
const newId = () => {
  const number = nextId++;
  return number % 9 === 0 ? String(number) : `t${String(number).padStart(4, "0")}`;
};
const alive = new Set<string>();
const dead: string[] = [];

beforeAll(async () => {
  server = new FirestoreServer();
  honourQueryCursors(server);
  // As the launcher installs them.
  scaleDocumentStore(server);
  layer = indexQueries(server, { minDocuments: 0 });
  await startEmbeddedFirestore(server);
  db = getFirestore(app);
  const batch = db.batch();
  for (let index = 0; index < THINGS; index++) {
    const id = newId();
    alive.add(id);
    batch.set(db.collection("things").doc(id), thing(id));
  }
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  server.stop();
});

const things = () => db.collection("things");

/** The query shapes the product uses (equality and array-contains, orderBy, limit, cursors) and more. */
const QUERIES: [string, () => Query][] = [
  ["orderBy two fields", () => things().orderBy("n").orderBy("Id")],
  ["orderBy desc, limit", () => things().orderBy("n", "desc").limit(7)],
  ["equality, orderBy, limit", () => things().where("s", "==", "b").orderBy("n").limit(5)],
  [
    "array-contains (common), orderBy two desc, limit",
    () => things().where("tags", "array-contains", "x").orderBy("s", "desc").orderBy("Id", "desc").limit(10),
  ],
  ["array-contains (rare), orderBy", () => things().where("tags", "array-contains", "w").orderBy("n")],
  ["array-contains (rare), limit", () => things().where("tags", "array-contains", "w").orderBy("Id").limit(3)],
  ["two equalities", () => things().where("s", "==", "a").where("flag", "==", true).orderBy("Id")],
  ["equality on a number", () => things().where("n", "==", 3).orderBy("Id", "desc").limit(4)],
  ["equality on a double", () => things().where("n", "==", 2.5)],
  ["equality on a boolean, no order", () => things().where("flag", "==", false).limit(12)],
  ["equality on null", () => things().where("s", "==", null)],
  ["range, orderBy, limit", () => things().where("n", ">", 3).orderBy("n").limit(6)],
  ["no order, limit", () => things().limit(15)],
  ["no order, everything", () => things()],
  ["startAfter a value", () => things().orderBy("s").startAfter("b").limit(8)],
  ["startAt and endBefore", () => things().orderBy("n").orderBy("Id").startAt(4, "t0050").endBefore(7).limit(20)],
  ["endAt two values", () => things().orderBy("s").orderBy("n", "desc").endAt("c", 2)],
  ["offset", () => things().orderBy("n").offset(5).limit(5)],
  [
    "array-contains, startAfter, limit",
    () => things().where("tags", "array-contains", "y").orderBy("n").startAfter(5).limit(4),
  ],
  [
    "or",
    () =>
      things()
        .where(Filter.or(Filter.where("s", "==", "a"), Filter.where("n", "==", 1)))
        .orderBy("Id"),
  ],
  ["in", () => things().where("n", "in", [1, 2]).orderBy("s").limit(9)],
  ["not equal", () => things().where("s", "!=", "a").orderBy("s").limit(9)],
  ["document id order", () => things().orderBy("__name__", "desc").limit(11)],
  ["document id cursor", () => things().orderBy(FieldPath.documentId()).startAfter("t0100").limit(9)],
];

async function both<T>(run: () => Promise<T>): Promise<{ indexed: T; scanned: T }> {
  layer.bypass = false;
  const indexed = await run();
  layer.bypass = true;
  try {
    return { indexed, scanned: await run() };
  } finally {
    layer.bypass = false;
  }
}

const ids = async (query: Query) => (await query.get()).docs.map((doc) => doc.id);

async function expectSameAnswer(when: string, name: string, query: () => Query) {
  const { indexed, scanned } = await both(() => ids(query()));
  expect(indexed, `${when}: ${name}`).toEqual(scanned);
  const counts = await both(async () => (await query().count().get()).data().count);
  expect(counts.indexed, `${when}: count of ${name}`).toBe(counts.scanned);
}

/** Every page of a cursor walk (startAfter a snapshot: the SDK orders by the document name too). */
const PAGE_WALKS: [string, () => Query][] = [
  ["pages by n", () => things().orderBy("n").limit(40)],
  ["pages of tags y by s desc", () => things().where("tags", "array-contains", "y").orderBy("s", "desc").limit(25)],
];

async function expectSamePages(when: string, name: string, query: () => Query) {
  const pages = await both(async () => {
    const seen: string[] = [];
    let page = await query().get();
    while (!page.empty) {
      seen.push(...page.docs.map((doc) => doc.id));
      page = await query()
        .startAfter(page.docs.at(-1) as FirebaseFirestore.QueryDocumentSnapshot)
        .get();
    }
    return seen;
  });
  expect(pages.indexed, `${when}: ${name}`).toEqual(pages.scanned);
}

/** A few writes of every kind: updates (fields changed or removed), deletes, re-creates, creates. */
async function someWrites(count: number) {
  const batch = db.batch();
  const touched = new Set<string>();
  for (let index = 0; index < count; index++) {
    const kind = random.next();
    const id = random.pick([...alive]);
    if (touched.has(id)) continue;
    touched.add(id);
    if (kind < 0.35) {
      batch.update(things().doc(id), { n: Math.floor(random.next() * 10), s: random.pick(["a", "b", "zz", null]) });
    } else if (kind < 0.5) {
      batch.update(things().doc(id), { tags: FieldValue.delete(), n: FieldValue.delete() });
    } else if (kind < 0.6) {
      batch.set(things().doc(id), thing(id));
    } else if (kind < 0.8) {
      batch.delete(things().doc(id));
      alive.delete(id);
      dead.push(id);
    } else if (kind < 0.9 && dead.length > 0) {
      const again = dead.shift() as string;
      if (touched.has(again)) continue;
      touched.add(again);
      batch.set(things().doc(again), thing(again));
      alive.add(again);
    } else {
      const fresh = newId();
      batch.set(things().doc(fresh), thing(fresh));
      alive.add(fresh);
    }
  }
  await batch.commit();
}

/** The same answers as the scan, as seeded and after each stage of writes (stages run in order). */
const STAGES: [string, () => Promise<void>][] = [
  ["as seeded", async () => undefined],
  // A few writes at a time: the indexes are kept current document by document.
  ...[1, 2, 3, 4].map((round): [string, () => Promise<void>] => [
    `after 8 writes (round ${round})`,
    () => someWrites(8),
  ]),
  // Many writes at once: the indexes are rebuilt.
  ["after 200 writes", () => someWrites(200)],
];

for (const [stage, writes] of STAGES) {
  describe(`indexed queries on the embedded Firestore emulator, ${stage}`, () => {
    beforeAll(writes);
    it.each(QUERIES)("answer %s as the scan does", (name, query) => expectSameAnswer(stage, name, query));
    it.each(PAGE_WALKS)("page %s as the scan does", (name, query) => expectSamePages(stage, name, query));
  });
}

describe("indexed queries below the size threshold", () => {
  beforeAll(() => {
    layer.minDocuments = 100_000;
  });
  afterAll(() => {
    layer.minDocuments = 0;
  });
  it.each(QUERIES.slice(0, 6))("leave %s to the scan, with the same answer", (name, query) =>
    expectSameAnswer("small", name, query),
  );
});

describe("the storage order", () => {
  it("is kept for documents added after the indexes exist (ids that are array indexes first)", async () => {
    const big = db.collection("big");
    for (let start = 0; start < 1200; start += 400) {
      const batch = db.batch();
      for (let index = start; index < start + 400; index++) {
        // Every seventh id an array index, which the emulator keeps first, in numeric order.
        const id = index % 7 === 0 ? String(1200 - index) : `b${index}`;
        batch.set(big.doc(id), { index });
      }
      await batch.commit();
    }
    const { indexed, scanned } = await both(async () => (await big.get()).docs.map((doc) => doc.id));
    expect(indexed).toHaveLength(1200);
    expect(indexed).toEqual(scanned);
    expect(indexed.slice(0, 3)).toEqual(["3", "10", "17"]);
    expect(indexed[indexed.length - 1]).toBe("b1199");
    expect((await big.doc("b1").get()).get("index")).toBe(1);
  });
});
