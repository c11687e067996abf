import { Timestamp } from "firebase-admin/firestore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OutgoingMail } from "../../connectors/mail/types";
import { useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { IN_APP_RECORD_DAYS, recordDeliveredInAppMessages, recordMessageReceipt } from "../../data/messages";
import { readNotification } from "../../data/notifications";
import { outboxCollection } from "../../data/outbox";
import { usersCollection } from "../../data/users";
import { deliverDueOutbox } from "../outbox/outbox.service";
import { deliverDueMessages, messageStatus, prepareMessage, sendMessage } from "./message.service";

/**
 * The SMTP relay at the boundary: keeps each mail it took; `down` fails as a refused connection
 * does, `bounce` refuses one address with a 550 as a server does for an unknown mailbox. (The real
 * adapter against the mail sandbox: tests/contract/mail.test.ts.)
 */
const relay = vi.hoisted(() => ({ down: false, bounce: new Set<string>(), mails: [] as OutgoingMail[] }));
vi.mock("../../connectors/mail/connection", async () => {
  const { ConnectorError } = await import("../../platform/connector-error");
  return {
    mailConnector: () => ({
      send: async (mail: OutgoingMail) => {
        if (relay.down)
          throw new ConnectorError("mail", "unavailable", "The mail server did not take the mail (ECONNECTION)");
        if (relay.bounce.has(mail.to)) throw new ConnectorError("mail", "rejected", "550 5.1.1 Mailbox unavailable");
        relay.mails.push(mail);
        return { messageId: `<${mail.messageId}@example.gov>`, response: "250 Ok" };
      },
    }),
  };
});

useFirestoreEmulator("demo-message-service");

/** A verification email to an English-speaking address; delivered within the call unless the options say otherwise. */
const verifyEmailTo = (email: string, options: Parameters<typeof sendMessage>[4] = { deliverNow: true }) =>
  sendMessage({ email, language: "en" }, "verifyEmail", { link: "https://l" }, "email", options);

beforeEach(() => {
  relay.down = false;
  relay.bounce.clear();
  relay.mails = [];
});

const stored = async (id: string) => (await outboxCollection().doc(id).get()).data() as Record<string, unknown>;
const makeDue = (id: string) =>
  outboxCollection()
    .doc(id)
    .update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - 1) });

describe("sendMessage, email", () => {
  it("writes the message, sends it at once in the user's language, multipart, with the city's name and footer", async () => {
    await usersCollection()
      .doc("u-es")
      .set({ Language: "es", Email: "ana@example.com" } as never);
    const sent = await sendMessage(
      { uid: "u-es", email: "Ana@Example.com" },
      "passwordReset",
      { link: "https://portal.example.gov/reset?oobCode=abc" },
      "email",
      { deliverNow: true },
    );
    expect(sent.status).toBe("delivered");
    expect(relay.mails).toHaveLength(1);
    const mail = relay.mails[0] as OutgoingMail;
    expect(mail).toMatchObject({ to: "ana@example.com", messageId: sent.id, language: "es" });
    expect(mail.subject).toContain("Restablezca su contraseña");
    expect(mail.text).toContain("Ciudad de Elgin");
    expect(mail.text).toContain("https://portal.example.gov/reset?oobCode=abc");
    expect(mail.text).toContain("no lo responda");
    expect(mail.html).toContain('<a href="https://portal.example.gov/reset?oobCode=abc"');
    expect(await stored(sent.id)).toMatchObject({
      kind: "message",
      status: "sent",
      messageStatus: "delivered",
      providerId: `<${sent.id}@example.gov>`,
      uid: "u-es",
    });
  });

  it("escapes data in the HTML part", async () => {
    await sendMessage(
      { email: "x@example.com", language: "en" },
      "organizationInvitation",
      {
        organizationName: "<b>Bakery</b>",
        email: "x@example.com",
        link: "https://portal.example.gov/add_organization",
      },
      "email",
      { deliverNow: true },
    );
    expect(relay.mails[0]?.html).toContain("&lt;b&gt;Bakery&lt;/b&gt;");
    expect(relay.mails[0]?.html).not.toContain("<b>Bakery</b>");
  });

  it("a relay that is down leaves the message queued with the reason; the job delivers it once when the relay is back", async () => {
    relay.down = true;
    const sent = await verifyEmailTo("down@example.com");
    expect(sent.status).toBe("queued");
    expect(sent.reason).toContain("ECONNECTION");
    expect(await stored(sent.id)).toMatchObject({ status: "pending", attempts: 1, messageStatus: "queued" });

    // Still down at the job's next run: retried with backoff, never lost.
    expect(await deliverDueMessages()).toEqual({ sent: 0, pending: 1 });
    expect(await stored(sent.id)).toMatchObject({ status: "pending", attempts: 2, messageStatus: "queued" });
    expect(((await stored(sent.id)).nextAttemptAt as Timestamp).toMillis()).toBeGreaterThan(Date.now() + 30_000);

    relay.down = false;
    expect(await deliverDueMessages()).toEqual({ sent: 0, pending: 0 }); // its backoff has not passed
    await makeDue(sent.id);
    expect((await deliverDueOutbox()).message).toEqual({ sent: 1, pending: 0 });
    await makeDue(sent.id);
    await deliverDueOutbox();
    expect(relay.mails.filter((mail) => mail.messageId === sent.id)).toHaveLength(1);
    expect(await messageStatus(sent.id)).toEqual({ id: sent.id, status: "delivered", reason: null });
  });

  it("a bounce (550) marks the message failed with the server's reason and is not retried", async () => {
    relay.bounce.add("gone@example.com");
    const sent = await verifyEmailTo("gone@example.com");
    expect(sent).toMatchObject({ status: "failed", reason: "email: 550 5.1.1 Mailbox unavailable" });
    await makeDue(sent.id);
    expect(await deliverDueMessages()).toEqual({ sent: 0, pending: 0 });
    expect(await stored(sent.id)).toMatchObject({ status: "sent", attempts: 1, messageStatus: "failed" });
  });

  it("the same message id twice is one message, sent once", async () => {
    const first = await verifyEmailTo("twice@example.com", { id: "receipt-test-1", deliverNow: true });
    const second = await verifyEmailTo("twice@example.com", { id: "receipt-test-1", deliverNow: true });
    expect([first.status, second.status]).toEqual(["delivered", "delivered"]);
    expect(relay.mails).toHaveLength(1);
  });

  it("without deliverNow the message waits, queued, for the job", async () => {
    const sent = await verifyEmailTo("later@example.com", {});
    expect(sent.status).toBe("queued");
    expect(relay.mails).toHaveLength(0);
    await deliverDueMessages();
    expect(relay.mails.map((mail) => mail.to)).toEqual(["later@example.com"]);
  });
});

describe("other channels", () => {
  it("in-app: one notification under the message's id, in the user's language", async () => {
    await usersCollection()
      .doc("u-en")
      .set({ Language: "en" } as never);
    const sent = await sendMessage(
      { uid: "u-en" },
      "notice",
      {
        en: { title: "Water main work", body: "Water is off on Chicago St." },
        es: { title: "Obras", body: "Sin agua." },
      },
      "inApp",
      { deliverNow: true },
    );
    expect(sent.status).toBe("delivered");
    expect(await readNotification(sent.id)).toMatchObject({
      UserId: "u-en",
      Title: "Water main work",
      Body: "Water is off on Chicago St.",
    });
  });
});

describe("delivery receipts", () => {
  it("are kept on the message; a final status (bounced) is never undone by a later receipt", async () => {
    const sent = await verifyEmailTo("r@example.com");
    expect(await recordMessageReceipt(sent.id, { status: "bounced", reason: "550 mailbox full" })).toBe("bounced");
    expect(await recordMessageReceipt(sent.id, { status: "delivered" })).toBe("bounced");
    const doc = await stored(sent.id);
    expect(doc).toMatchObject({ messageStatus: "bounced", reason: "550 mailbox full" });
    expect((doc.receipts as { status: string }[]).map((r) => r.status)).toEqual(["bounced", "delivered"]);
    expect(await recordMessageReceipt("no-such-message", { status: "delivered" })).toBeNull();
  });
});

describe("retention", () => {
  const notice = {
    en: { title: "Water main work", body: "Water is off on Chicago St." },
    es: { title: "Obras", body: "No hay agua en Chicago St." },
  };
  const days = (ms: number) => ms / 86_400_000;
  const expiresIn = async (id: string, from: number) => {
    const expiresAt = (await stored(id)).expiresAt as Timestamp | undefined;
    return expiresAt ? days(expiresAt.toMillis() - from) : null;
  };

  it("a delivered in-app message's record expires IN_APP_RECORD_DAYS later (Firestore's TTL on outbox.expiresAt), its notification stays; an email's and an undeliverable in-app record are kept", async () => {
    const from = Date.now();
    const inApp = await sendMessage({ uid: "u-ttl", language: "en" }, "notice", notice, "inApp", { deliverNow: true });
    expect(inApp.status).toBe("delivered");
    expect(await expiresIn(inApp.id, from)).toBeCloseTo(IN_APP_RECORD_DAYS, 2);
    expect(IN_APP_RECORD_DAYS).toBe(90);
    expect((await readNotification(inApp.id))?.Title).toBe("Water main work");

    const email = await sendMessage(
      { email: "keep@example.com", language: "en" },
      "verifyEmail",
      { link: "https://l" },
      "email",
      {
        deliverNow: true,
      },
    );
    expect(email.status).toBe("delivered");
    expect(await expiresIn(email.id, from)).toBeNull();
    const nobody = await sendMessage({ language: "en" }, "notice", notice, "inApp", { deliverNow: true });
    expect(nobody.status).toBe("failed");
    expect(await expiresIn(nobody.id, from)).toBeNull();
  });

  it("a bulk send's or delinquency batch's in-app records, recorded as delivered, expire the same", async () => {
    const from = Date.now();
    const prepared = await prepareMessage({ uid: "u-ttl", language: "es" }, "notice", notice, "inApp", {
      id: "bulk-ttl-1",
      batchId: "ttl-send",
    });
    await recordDeliveredInAppMessages([{ id: prepared.id, message: prepared.doc }]);
    expect(await stored(prepared.id)).toMatchObject({ messageStatus: "delivered", batchId: "ttl-send" });
    expect(await expiresIn(prepared.id, from)).toBeCloseTo(IN_APP_RECORD_DAYS, 2);
  });
});
