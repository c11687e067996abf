import { describe, expect, it } from "vitest";
import { db } from "../platform/firebase";
import { useFirestoreEmulator } from "./__tests__/firestore-emulator";
import {
  type BulkRecipient,
  bulkPushId,
  deleteBulkAudience,
  readBulkAudience,
  saveBulkAudience,
  writeBulkInboxPage,
} from "./bulk-notifications";
import { claimMessages, type NewMessage } from "./messages";

useFirestoreEmulator("demo-bulk-notifications");

const message = (device: string): NewMessage => ({
  channel: "push",
  template: "notice",
  language: "en",
  to: { uid: "user-1", email: null, phone: null, device },
  uid: "user-1",
  content: { subject: "Hello", text: "", html: null },
  links: {},
  about: null,
  batchId: "send-a-1",
});
const page = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: bulkPushId("send-a-1", `${prefix}-${i}`),
    message: message(`${prefix}-${i}`),
  }));

describe("claimMessages (a bulk send's push per device)", () => {
  it("claims around a message another run claimed, and a second run claims none of them", async () => {
    const messages = page("tok-a", 8);
    // A run that died had claimed message 5: this run's batch of creates then fails as a whole, and
    // each other message is claimed on its own; the dead run's claim stays the dead run's.
    expect((await claimMessages("run-0", [messages[5] as (typeof messages)[number]])).size).toBe(1);
    const mine = await claimMessages("run-1", messages);
    expect([...mine].sort()).toEqual(messages.map(({ id }) => id).filter((id) => !id.endsWith("tok-a-5")));
    const stored = await db().collection("outbox").where("batchId", "==", "send-a-1").get();
    expect(stored.size).toBe(8);
    for (const doc of stored.docs) {
      expect(doc.get("claim")).toBe(doc.id.endsWith("tok-a-5") ? "run-0" : "run-1");
      // Claimed, never due: the outbox job does not take it.
      expect(doc.data()).toMatchObject({ status: "sending", messageStatus: "sending", nextAttemptAt: null });
    }
    expect((await claimMessages("run-2", messages)).size).toBe(0);
  });

  it("claims a fresh page in one go", async () => {
    expect((await claimMessages("run-1", page("tok-b", 5))).size).toBe(5);
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
  it("reads back the people, their languages and their channels for city alerts, and is gone once deleted", async () => {
    const audience = new Map<string, BulkRecipient>(
      Array.from({ length: 25_000 }, (_, i) => [
        `user-${String(i).padStart(6, "0")}`,
        {
          language: i % 3 === 0 ? "es" : "en",
          inApp: i % 7 !== 0,
          email: i % 5 === 0 ? `person.${i}@example.com` : null,
          phone: i % 11 === 0 ? `+1847555${String(i % 10_000).padStart(4, "0")}` : null,
        },
      ]),
    );
    const chunks = await saveBulkAudience("send-d-1", audience);
    expect(chunks).toBe(5);
    expect(await readBulkAudience("send-d-1", chunks)).toEqual(audience);
    await deleteBulkAudience("send-d-1", chunks);
    expect(await readBulkAudience("send-d-1", chunks)).toBeUndefined();
  });
});
