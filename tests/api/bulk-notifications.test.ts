import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkAudienceCount, BulkNotification } from "../../functions/src/contract/bulk-notifications.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { clearPushSandbox, pointJobsAtStack, pushSandboxMessages } from "../kit/jobs.ts";
import { mailsTo, waitForMails } from "../kit/mail.ts";
import { principal } from "../kit/principals.ts";
import { textsTo } from "../kit/texts.ts";

// Two users of this file (users/{uid} only: the audience is read from Firestore), one per language,
// with 120 devices between them, sent in pages of 50 (the job's pages are 500; small pages cross
// page boundaries cheaply). Five devices were uninstalled.
const EN_USER = "bulk-test-en";
const ES_USER = "bulk-test-es";
const tokenId = (n: number) => `bulktest-${String(n).padStart(5, "0")}`;
const DEVICES = 120;
const PAGE = 50;
const UNREGISTERED = new Set([3, 55, 70, 101, 119]);
const ownerOf = (n: number) => (n % 2 === 0 ? EN_USER : ES_USER);

// City alerts by each person's channels (issue 29): three people of this file, removed after.
const ALERTS_USER = "bulk-test-alerts-es";
const ALERTS_EMAIL = "bulk.alerts.es@example.com";
const ALERTS_PHONE = "+18475550171";
const ALERTS_DEVICE = "bulkalerts-es";
const DEFAULTS_USER = "bulk-test-alerts-defaults";
const DEFAULTS_EMAIL = "bulk.alerts.defaults@example.com";
const STOPPED_USER = "bulk-test-alerts-stopped";
const STOPPED_EMAIL = "bulk.alerts.stopped@example.com";
const STOPPED_PHONE = "+18475550172";
const STOPPED_DEVICE = "bulkalerts-stopped";

const admin = async () => (await principal("admin")).idToken as string;
let service: typeof import("../../functions/src/domains/bulk-notifications/bulk-send.service.ts");
const sentIds: string[] = [];

beforeAll(async () => {
  pointJobsAtStack();
  service = await import("../../functions/src/domains/bulk-notifications/bulk-send.service.ts");
  const { db } = testAdmin();
  await db.collection("users").doc(EN_USER).set({ Email: "bulk.en@example.com", Language: "en" });
  await db.collection("users").doc(ES_USER).set({ Email: "bulk.es@example.com", Language: "es" });
  for (let start = 0; start < DEVICES; start += 400) {
    const batch = db.batch();
    for (let n = start; n < Math.min(start + 400, DEVICES); n++) {
      const token = UNREGISTERED.has(n) ? `unregistered-device-${n}` : `device-${n}`;
      batch.set(db.collection("pushTokens").doc(tokenId(n)), { UserId: ownerOf(n), token });
    }
    await batch.commit();
  }
  await clearPushSandbox();
});

afterAll(async () => {
  const { db } = testAdmin();
  const remove = async (query: FirebaseFirestore.Query) => {
    const snapshot = await query.get();
    for (let start = 0; start < snapshot.docs.length; start += 400) {
      const batch = db.batch();
      for (const doc of snapshot.docs.slice(start, start + 400)) batch.delete(doc.ref);
      await batch.commit();
    }
  };
  for (const id of sentIds) {
    // The message service's records of the in-app and push messages (issue 29: counts by channel).
    await remove(db.collection("outbox").where("batchId", ">=", `${id}-`).where("batchId", "<", `${id}.`));
    await db.collection("bulkNotifications").doc(id).delete();
  }
  // Every user got the in-app message (no option narrows the audience): take them back.
  const messages = await db.collection("notifications").get();
  const bulk = messages.docs.filter((doc) => doc.id.startsWith("bulk-"));
  for (let start = 0; start < bulk.length; start += 400) {
    const batch = db.batch();
    for (const doc of bulk.slice(start, start + 400)) batch.delete(doc.ref);
    await batch.commit();
  }
  await remove(db.collection("pushTokens").where("UserId", "in", [EN_USER, ES_USER]));
  await db.collection("users").doc(EN_USER).delete();
  await db.collection("users").doc(ES_USER).delete();
  for (const uid of [ALERTS_USER, DEFAULTS_USER, STOPPED_USER]) await db.collection("users").doc(uid).delete();
  for (const device of [ALERTS_DEVICE, STOPPED_DEVICE]) await db.collection("pushTokens").doc(device).delete();
  await db.collection("smsOptOuts").doc(STOPPED_PHONE).delete();
  await clearPushSandbox();
});

describe("bulk push notifications", () => {
  it("counts the audience of the options before sending", async () => {
    const everyone = await callApi<BulkAudienceCount>("POST", "/api/notifications/bulk/audience", {
      token: await admin(),
      body: {},
    });
    expect(everyone.status).toBe(200);
    const users = (await testAdmin().db.collection("users").count().get()).data().count;
    expect(everyone.body).toEqual({ users, devices: DEVICES });
    // This file's users have no water account: with hasUtilityAccount their devices are out.
    const withAccounts = await callApi<BulkAudienceCount>("POST", "/api/notifications/bulk/audience", {
      token: await admin(),
      body: { hasUtilityAccount: true },
    });
    expect(withAccounts.status).toBe(200);
    expect(withAccounts.body.devices).toBe(0);
    expect(withAccounts.body.users).toBeGreaterThan(0);
    expect(withAccounts.body.users).toBeLessThan(users);
  });

  it("refuses a send without both titles", async () => {
    const blank = await callApi<{ error: { fields?: Record<string, string> } }>("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: { englishTitle: "Water main work", spanishTitle: "   " },
    });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.error.fields ?? {}).join(" ")).toContain("spanishTitle");
  });

  it("answers at once, then the job sends each device once in its user's language, also after a crash", async () => {
    const queued = await callApi<BulkNotification>("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: {
        englishTitle: "Hydrant flushing this week",
        englishBody: "Water may look cloudy.",
        spanishTitle: "Limpieza de hidrantes esta semana",
        spanishBody: "El agua puede verse turbia.",
      },
    });
    expect(queued.status).toBe(202);
    expect(queued.body.send).toMatchObject({ status: "queued", run: 1, processed: 0 });
    const id = queued.body.Id;
    sentIds.push(id);
    expect(await pushSandboxMessages()).toHaveLength(0);

    // The first runner dies after one page of 50 devices...
    await service.runBulkSend(id, { stopAfterPages: 1, pageSize: PAGE });
    expect(await pushSandboxMessages()).toHaveLength(PAGE - 1); // device 3 of the page is uninstalled
    const midway = await callApi<BulkNotification[]>("GET", "/api/notifications/bulk", { token: await admin() });
    const progress = midway.body.find((item) => item.Id === id);
    expect(progress?.send).toMatchObject({ status: "sending", devices: DEVICES, processed: PAGE });
    // Counts by channel while it runs: push per device as the push sandbox saw it, the rest still waiting.
    expect(progress?.send.messages.push).toMatchObject({ delivered: PAGE - 1, failed: 1, queued: DEVICES - PAGE });
    // ...and another died between claiming device 80 and sending it.
    // Its claim is the device's message record (the message service's), held by a run that is gone.
    await testAdmin()
      .db.collection("outbox")
      .doc(`bulkpush-${id}-1_${tokenId(80)}`)
      .create({
        kind: "message",
        channel: "push",
        template: "notice",
        language: "en",
        to: { uid: ownerOf(80), email: null, phone: null, device: tokenId(80) },
        uid: ownerOf(80),
        content: { subject: "Hydrant flushing this week", text: "Water may look cloudy.", html: null },
        links: {},
        about: null,
        batchId: `${id}-1`,
        status: "sending",
        claim: "a-run-that-died",
        attempts: 0,
        messageStatus: "sending",
        reason: null,
        providerId: null,
        receipts: [],
        nextAttemptAt: null,
        createdAt: new Date(0),
      });

    // A runner asked to stop (SIGTERM) before its next page starts none: nothing is sent or claimed.
    const stopped = new AbortController();
    stopped.abort();
    await service.runBulkSend(id, { pageSize: PAGE, signal: stopped.signal });
    expect(await pushSandboxMessages()).toHaveLength(PAGE - 1);
    const afterStop = (await callApi<BulkNotification[]>("GET", "/api/notifications/bulk", { token: await admin() }))
      .body;
    expect(afterStop.find((item) => item.Id === id)?.send).toMatchObject({ status: "sending", processed: PAGE });

    // Restarted (twice at once, as an overlapping schedule would), it finishes the rest.
    await Promise.all([service.runBulkSend(id, { pageSize: PAGE }), service.runBulkSends({ pageSize: PAGE })]);

    const messages = await pushSandboxMessages();
    const perToken = new Map<string, number>();
    for (const { message } of messages) perToken.set(message.token, (perToken.get(message.token) ?? 0) + 1);
    expect([...perToken.values()].every((count) => count === 1)).toBe(true);
    expect(perToken.size).toBe(DEVICES - UNREGISTERED.size - 1);
    expect(perToken.has("device-80")).toBe(false);
    const spanish = messages.find(({ message }) => message.token === "device-1");
    expect(spanish?.message.notification).toEqual({
      title: "Limpieza de hidrantes esta semana",
      body: "El agua puede verse turbia.",
    });
    expect(messages.find(({ message }) => message.token === "device-2")?.message.notification?.title).toBe(
      "Hydrant flushing this week",
    );

    const done = (await callApi<BulkNotification[]>("GET", "/api/notifications/bulk", { token: await admin() })).body;
    expect(done.find((item) => item.Id === id)?.send).toMatchObject({
      status: "done",
      processed: DEVICES,
      delivered: DEVICES - UNREGISTERED.size - 1,
      failed: UNREGISTERED.size + 1,
      reasons: { unregistered: UNREGISTERED.size, interrupted: 1 },
    });
    // Counts by channel and status: push per device, as the push sandbox received them; in-app, the
    // message service's records of the send, one per user of the audience, each a notification written.
    const finished = done.find((item) => item.Id === id)?.send;
    expect(finished?.messages.push).toMatchObject({
      delivered: perToken.size,
      failed: UNREGISTERED.size + 1,
      queued: 0,
    });
    const records = await testAdmin().db.collection("outbox").where("batchId", "==", `${id}-1`).get();
    const inAppRecords = records.docs.filter((doc) => doc.get("channel") === "inApp");
    expect(inAppRecords).toHaveLength(finished?.users ?? -1);
    expect(inAppRecords.every((doc) => doc.get("messageStatus") === "delivered")).toBe(true);
    expect(finished?.messages.inApp).toMatchObject({ delivered: finished?.users, failed: 0, queued: 0 });
    // Push went through the message service too: one message per device, each with its status and reason.
    const pushRecords = records.docs.filter((doc) => doc.get("channel") === "push");
    expect(pushRecords).toHaveLength(DEVICES);
    expect(pushRecords.filter((doc) => doc.get("messageStatus") === "delivered")).toHaveLength(perToken.size);
    expect(
      pushRecords
        .filter((doc) => doc.get("messageStatus") === "failed")
        .map((doc) => doc.get("reason"))
        .sort(),
    ).toEqual(["push: interrupted", ...Array.from(UNREGISTERED, () => "push: unregistered")]);
    expect(records.docs.filter((doc) => !["inApp", "push"].includes(doc.get("channel")))).toEqual([]);
    const notified = await Promise.all(
      inAppRecords.map(async (doc) => (await testAdmin().db.collection("notifications").doc(doc.id).get()).exists),
    );
    expect(notified.every(Boolean)).toBe(true);

    // The uninstalled devices' tokens are gone; one in-app message per user, in their language.
    const { db } = testAdmin();
    for (const n of UNREGISTERED) expect((await db.collection("pushTokens").doc(tokenId(n)).get()).exists).toBe(false);
    expect((await db.collection("pushTokens").doc(tokenId(80)).get()).exists).toBe(true);
    const inbox = async (uid: string) =>
      (await db.collection("notifications").where("UserId", "==", uid).get()).docs.map((doc) => doc.data());
    expect(await inbox(ES_USER)).toEqual([expect.objectContaining({ Title: "Limpieza de hidrantes esta semana" })]);
    expect(await inbox(EN_USER)).toEqual([expect.objectContaining({ Title: "Hydrant flushing this week" })]);

    // Resend: a new run to the remaining devices; a resend of a send under way is refused.
    await clearPushSandbox();
    const resent = await callApi<BulkNotification>("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: { pushNotificationId: id },
    });
    expect(resent.status).toBe(202);
    expect(resent.body.send).toMatchObject({ status: "queued", run: 2 });
    const again = await callApi("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: { pushNotificationId: id },
    });
    expect(again.status).toBe(409);
    await service.runBulkSends({ pageSize: PAGE });
    expect(await pushSandboxMessages()).toHaveLength(DEVICES - UNREGISTERED.size);
    expect(await inbox(EN_USER)).toHaveLength(2);
  });

  it("reaches each person by the channels she chose for city alerts: email and text through the message service, once each, in her language; in-app and push only to those who keep in-app; no text to a number that texted STOP", async () => {
    const { db } = testAdmin();
    const now = Timestamp.now();
    const bills = { inApp: true, email: true, text: false };
    const cases = { inApp: true, email: false, text: false };
    // Email and texts for city alerts (not in-app), in Spanish, with a confirmed number.
    await db
      .collection("users")
      .doc(ALERTS_USER)
      .set({
        Email: ALERTS_EMAIL,
        Language: "es",
        messagePrefs: { bills, cases, alerts: { inApp: false, email: true, text: true } },
        textPhone: ALERTS_PHONE,
        textPhoneConfirmedAt: now,
      });
    // Never chose: the defaults (in-app only).
    await db.collection("users").doc(DEFAULTS_USER).set({ Email: DEFAULTS_EMAIL, Language: "en" });
    // In-app and texts; her confirmed number texted STOP.
    await db
      .collection("users")
      .doc(STOPPED_USER)
      .set({
        Email: STOPPED_EMAIL,
        Language: "en",
        messagePrefs: { bills, cases, alerts: { inApp: true, email: false, text: true } },
        textPhone: STOPPED_PHONE,
        textPhoneConfirmedAt: now,
      });
    await db.collection("smsOptOuts").doc(ALERTS_PHONE).delete();
    await db.collection("smsOptOuts").doc(STOPPED_PHONE).set({ optedOut: true, word: "STOP", changedAt: now });
    await db.collection("pushTokens").doc(ALERTS_DEVICE).set({ UserId: ALERTS_USER, token: "alerts-device-es" });
    await db.collection("pushTokens").doc(STOPPED_DEVICE).set({ UserId: STOPPED_USER, token: "alerts-device-stop" });
    await clearPushSandbox();
    const textsBefore = async (phone: string) =>
      (await textsTo(phone)).filter((text) => text.direction === "outbound-api").length;
    const [alertsTexts, stoppedTexts] = [await textsBefore(ALERTS_PHONE), await textsBefore(STOPPED_PHONE)];
    const outbound = async (phone: string) =>
      (await textsTo(phone))
        .filter((text) => text.direction === "outbound-api")
        .slice(phone === ALERTS_PHONE ? alertsTexts : stoppedTexts);

    const queued = await callApi<BulkNotification>("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: {
        englishTitle: "Boil water notice",
        englishBody: "Boil tap water before drinking until Friday.",
        spanishTitle: "Aviso de hervir el agua",
        spanishBody: "Hierva el agua del grifo antes de beberla hasta el viernes.",
      },
    });
    expect(queued.status).toBe(202);
    const id = queued.body.Id;
    sentIds.push(id);
    await service.runBulkSend(id, { pageSize: PAGE });

    const sendOf = async () =>
      (await callApi<BulkNotification[]>("GET", "/api/notifications/bulk", { token: await admin() })).body.find(
        (item) => item.Id === id,
      )?.send;
    // Sent in-app and by push; the email and the texts wait for the outbox job, and the counts say so.
    const waiting = await sendOf();
    expect(waiting?.status).toBe("done");
    expect(waiting?.messages.email).toMatchObject({ queued: 1, sending: 0, delivered: 0 });
    expect(waiting?.messages.sms).toMatchObject({ queued: 1, opted_out: 1, sending: 0, delivered: 0 });

    // The message service's records: one email and one text for her, in Spanish; the stopped text never due.
    const records = await db.collection("outbox").where("batchId", "==", `${id}-1`).get();
    const ofChannel = (channel: string) => records.docs.filter((doc) => doc.get("channel") === channel);
    expect(ofChannel("email").map((doc) => [doc.id, doc.get("to.email"), doc.get("language")])).toEqual([
      [`bulkemail-${id}-1-${ALERTS_USER}`, ALERTS_EMAIL, "es"],
    ]);
    expect(
      ofChannel("sms")
        .map((doc) => [doc.get("to.phone"), doc.get("messageStatus"), doc.get("reason")])
        .sort(),
    ).toEqual([
      [ALERTS_PHONE, "queued", null],
      [STOPPED_PHONE, "opted_out", "sms: the number texted STOP"],
    ]);
    // In-app and push only for those who keep in-app for alerts.
    const inAppOf = ofChannel("inApp").map((doc) => doc.get("uid"));
    expect(inAppOf).toContain(DEFAULTS_USER);
    expect(inAppOf).toContain(STOPPED_USER);
    expect(inAppOf).not.toContain(ALERTS_USER);
    const inbox = async (uid: string) =>
      (await db.collection("notifications").where("UserId", "==", uid).get()).docs
        .filter((doc) => doc.id.startsWith(`bulk-${id}-`))
        .map((doc) => doc.get("Title"));
    expect(await inbox(ALERTS_USER)).toEqual([]);
    expect(await inbox(DEFAULTS_USER)).toEqual(["Boil water notice"]);
    expect(await inbox(STOPPED_USER)).toEqual(["Boil water notice"]);
    const pushed = (await pushSandboxMessages()).map(({ message }) => message.token);
    expect(pushed).toContain("alerts-device-stop");
    expect(pushed).not.toContain("alerts-device-es");

    // The outbox job sends them: the mail and the text arrive in her language; the stopped number gets nothing.
    const { deliverDueMessages } = await import("../../functions/src/domains/messages/message.service.ts");
    await deliverDueMessages({ budgetMs: 20_000 });
    const mails = await waitForMails(ALERTS_EMAIL, 1);
    expect(mails.map((mail) => mail.subject)).toEqual(["Aviso de hervir el agua"]);
    expect(mails[0]?.text).toContain("Hierva el agua del grifo");
    expect(await mailsTo(DEFAULTS_EMAIL)).toEqual([]);
    expect(await mailsTo(STOPPED_EMAIL)).toEqual([]);
    const texts = await outbound(ALERTS_PHONE);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain("Hierva el agua del grifo");
    expect(await outbound(STOPPED_PHONE)).toEqual([]);
    const sent = await sendOf();
    expect(sent?.messages.email).toMatchObject({ queued: 0, delivered: 1 });
    expect(sent?.messages.sms).toMatchObject({ queued: 0, opted_out: 1 });
    expect((sent?.messages.sms?.sending ?? 0) + (sent?.messages.sms?.delivered ?? 0)).toBe(1);

    // Its pages written again (a run that stopped before its cursor moved): nobody gets a second email or text.
    await db.collection("bulkNotifications").doc(id).update({ status: "sending", inboxDone: false, inboxCursor: null });
    await service.runBulkSend(id, { pageSize: PAGE });
    await deliverDueMessages({ budgetMs: 20_000 });
    expect(await mailsTo(ALERTS_EMAIL)).toHaveLength(1);
    expect(await outbound(ALERTS_PHONE)).toHaveLength(1);
    expect(await inbox(DEFAULTS_USER)).toHaveLength(1);
  });

  it("is 404 for resending a notification that does not exist", async () => {
    const missing = await callApi("POST", "/api/notifications/bulk", {
      token: await admin(),
      body: { pushNotificationId: "no-such-notification" },
    });
    expect(missing.status).toBe(404);
  });
});
