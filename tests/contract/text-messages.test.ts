import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSandbox, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { type RecordedSms, smsSandbox } from "../../emulators/src/sandboxes/sms/index.ts";
import { useFirestoreEmulator } from "../../functions/src/data/__tests__/firestore-emulator";
import { readMessage } from "../../functions/src/data/messages";
import { isSmsOptedOut } from "../../functions/src/data/sms-opt-outs";
import { sendMessage } from "../../functions/src/domains/messages/message.service";
import { handleInboundText, recordTextStatus } from "../../functions/src/domains/text-messages/text-messages.service";

useFirestoreEmulator("demo-text-messages");

/** The real adapter against the SMS sandbox; its callbacks go to a closed port (the test records receipts itself). */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(smsSandbox, 0);
  Object.assign(process.env, sandbox.env, { PORTAL_URL: "http://127.0.0.1:9", SMS_TIMEOUT_MS: "2000" });
});
afterAll(() => sandbox.close());

async function texts(to: string): Promise<RecordedSms[]> {
  const answer = await fetch(`${sandbox.url}/__control/messages?to=${encodeURIComponent(to)}`);
  return ((await answer.json()) as { messages: RecordedSms[] }).messages;
}

const notice = { en: { title: "Water main", body: "Water is off on Spring St from 9 to 11." } };

describe("the message service's text channel", () => {
  it("sends a text with the city's name and how to stop, and records the sid; receipts move it to delivered", async () => {
    const sent = await sendMessage({ phone: "+18475550161", language: "en" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    expect(sent.status).toBe("sending");
    const [text] = await texts("+18475550161");
    expect(text?.body).toBe("City of Elgin: Water is off on Spring St from 9 to 11. Reply STOP to stop.");
    const stored = await readMessage(sent.id);
    expect(stored?.message.providerId).toBe(text?.sid);
    await recordTextStatus(sent.id, text?.sid as string, "delivered", null);
    expect((await readMessage(sent.id))?.message.messageStatus).toBe("delivered");
    // A late "sent" (callbacks come out of order) does not move it back.
    await recordTextStatus(sent.id, text?.sid as string, "sent", null);
    expect((await readMessage(sent.id))?.message.messageStatus).toBe("delivered");
  });

  it("a receipt naming another message's sid changes nothing", async () => {
    const sent = await sendMessage({ phone: "+18475550162", language: "en" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    await recordTextStatus(sent.id, "SM00000000000000000000000000000000", "failed", 30003);
    expect((await readMessage(sent.id))?.message.messageStatus).toBe("sending");
  });

  it("an undelivered receipt marks it failed with the carrier's reason", async () => {
    const sent = await sendMessage({ phone: "+18475550163", language: "es" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    const [text] = await texts("+18475550163");
    expect(text?.body).toMatch(/^Ciudad de Elgin: .* Responda STOP para no recibir más\.$/);
    await recordTextStatus(sent.id, text?.sid as string, "undelivered", 30003);
    expect((await readMessage(sent.id))?.message).toMatchObject({
      messageStatus: "failed",
      reason: "sms: 30003 unreachable handset",
    });
  });

  it("after STOP a number gets nothing (opted out), after START it gets texts again", async () => {
    expect(await handleInboundText("+18475550164", " stop ")).toMatch(/no more texts/);
    expect(await isSmsOptedOut("+18475550164")).toBe(true);
    const stopped = await sendMessage({ phone: "+18475550164", language: "en" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    expect(stopped).toMatchObject({ status: "opted_out" });
    expect(await texts("+18475550164")).toEqual([]);
    expect(await handleInboundText("+18475550164", "START")).toMatch(/on again/);
    const again = await sendMessage({ phone: "+18475550164", language: "en" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    expect(again.status).toBe("sending");
    expect(await handleInboundText("+18475550164", "HELP")).toMatch(/\(847\) 931-6100/);
  });

  it("a number the provider refuses is failed with its code, not retried", async () => {
    const sent = await sendMessage({ phone: "+1847555", language: "en" }, "notice", notice, "sms", {
      deliverNow: true,
    });
    expect(sent).toMatchObject({ status: "failed", reason: expect.stringContaining("21211") });
  });
});
