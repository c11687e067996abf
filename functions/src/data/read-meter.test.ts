import { describe, expect, it } from "vitest";
import { db } from "../platform/firebase";
import { useFirestoreEmulator } from "./__tests__/firestore-emulator";
import { runTransaction } from "./collection";
import { documentsRead, meteringReads } from "./read-meter";
import { readUser, usersCollection } from "./users";

useFirestoreEmulator("demo-read-meter");

describe("read meter", () => {
  it("counts what Firestore bills: each document returned, at least one per query, one per 1,000 counted", async () => {
    const batch = db().batch();
    for (let n = 0; n < 30; n++)
      batch.set(db().collection("users").doc(`u${n}`), { Id: `u${n}`, Email: `u${n}@x.org` });
    await batch.commit();
    const counted = await meteringReads(async () => {
      const steps: number[] = [];
      const step = async (work: () => Promise<unknown>) => {
        const before = documentsRead();
        await work();
        steps.push(documentsRead() - before);
      };
      await step(() => usersCollection().limit(12).get());
      await step(() => usersCollection().where("Email", "==", "nobody").get());
      await step(() => readUser("u3"));
      await step(() => readUser("missing"));
      await step(() => db().getAll(db().collection("users").doc("u1"), db().collection("users").doc("u2")));
      await step(() => usersCollection().count().get());
      await step(() => runTransaction((tx) => tx.get(usersCollection().doc("u4"))));
      return steps;
    });
    expect(counted).toEqual([12, 1, 1, 1, 2, 1, 1]);
    // Outside a request or job run nothing is counted.
    await usersCollection().get();
    expect(documentsRead()).toBe(0);
  });
});
