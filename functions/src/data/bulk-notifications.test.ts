import { describe, expect, it } from "vitest";
import { db } from "../platform/firebase";
import { useFirestoreEmulator } from "./__tests__/firestore-emulator";
import {
  bulkDeliveryId,
  claimDeliveries,
  deleteBulkAudience,
  readBulkAudience,
  saveBulkAudience,
  writeBulkInboxPage,
} from "./bulk-notifications";

useFirestoreEmulator("demo-bulk-notifications");

const tokens = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, userId: `user-${i}` }));

describe("claimDeliveries", () => {
  it("claims around a message another run claimed, and a second run claims none of them", async () => {
    const sendId = "send-a-1";
    const page = tokens("tok-a", 8);
    // A run that died had claimed message 5: this run's batch of creates then fails as a whole, and
    // each other message is claimed on its own; the dead run's claim stays the dead run's.
    await db()
      .collection("bulkDeliveries")
      .doc(bulkDeliveryId(sendId, "tok-a-5"))
      .create({ sendId, userId: "user-5", status: "claimed", reason: null, claimedAt: new Date(0) });
    const mine = await claimDeliveries(sendId, "run-1", page);
    expect([...mine].sort()).toEqual(page.map((token) => token.id).filter((id) => id !== "tok-a-5"));
    const stored = await db().collection("bulkDeliveries").where("sendId", "==", sendId).get();
    expect(stored.size).toBe(8);
    for (const doc of stored.docs) {
      expect(doc.get("claimedBy")).toBe(doc.id.endsWith("tok-a-5") ? undefined : "run-1");
    }
    expect((await claimDeliveries(sendId, "run-2", page)).size).toBe(0);
  });

  it("claims a fresh page in one go", async () => {
    const page = tokens("tok-b", 5);
    expect((await claimDeliveries("send-b-1", "run-1", page)).size).toBe(5);
  });
});

describe("writeBulkInboxPage", () => {
  it("writes the messages not written yet, leaves one already there as it is, and moves the cursor", async () => {
    const notification = db().collection("bulkNotifications").doc("bulk-c");
    await notification.set({ inboxCursor: null });
    // Written by a run that stopped (pages are written a few at once), and read since.
    await db()
      .collection("notifications")
      .doc("bulk-bulk-c-1-user-2")
      .create({ UserId: "user-2", Title: "Hello", Body: "", ReadAt: new Date(1000) });
    const messages = Array.from({ length: 5 }, (_, i) => ({ userId: `user-${i}`, title: "Hello", body: "" }));
    await writeBulkInboxPage("bulk-c", "bulk-c-1", messages, "user-4");
    const inbox = await db().collection("notifications").where("Title", "==", "Hello").get();
    expect(inbox.docs.map((doc) => doc.get("UserId")).sort()).toEqual(messages.map((message) => message.userId));
    expect(inbox.docs.find((doc) => doc.get("UserId") === "user-2")?.get("ReadAt")).not.toBeNull();
    expect((await notification.get()).get("inboxCursor")).toBe("user-4");
  });
});

describe("the stored audience of a send", () => {
  it("reads back the users and their languages, and is gone once deleted", async () => {
    const audience = new Map<string, "en" | "es">(
      Array.from({ length: 25_000 }, (_, i) => [`user-${String(i).padStart(6, "0")}`, i % 3 === 0 ? "es" : "en"]),
    );
    const chunks = await saveBulkAudience("send-d-1", audience);
    expect(chunks).toBe(3);
    expect(await readBulkAudience("send-d-1", chunks)).toEqual(audience);
    await deleteBulkAudience("send-d-1", chunks);
    expect(await readBulkAudience("send-d-1", chunks)).toBeUndefined();
  });
});
