import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedSms } from "../../emulators/src/sandboxes/sms/index.ts";
import { SMS_CITY_NUMBER, smsSandbox } from "../../emulators/src/sandboxes/sms/index.ts";
import { createTwilioSmsConnector } from "../../functions/src/connectors/sms/twilio-sms-connector";
import { connectorFailure } from "../kit/connector-error.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const sms = () => createTwilioSmsConnector();
const running = useSandbox(smsSandbox, { SMS_TIMEOUT_MS: "2000" });

/** A stand-in for the portal's webhooks: records each post with whether its signature is valid. */
interface Received {
  path: string;
  params: Record<string, string>;
  signature: string;
  signed: boolean;
}
let received: Received[] = [];
let webhook: Server;
let webhookUrl = "";
/** The TwiML the stand-in answers an inbound text with. */
let twiml = "<Response></Response>";

beforeAll(async () => {
  webhook = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(text));
      const url = `${webhookUrl}${req.url}`;
      const signature = String(req.headers["x-twilio-signature"] ?? "");
      received.push({ path: req.url ?? "", params, signature, signed: sms().validSignature(signature, url, params) });
      res.writeHead(200, { "content-type": "text/xml" }).end(req.url === "/inbound" ? twiml : "");
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));
beforeEach(() => {
  received = [];
  twiml = "<Response></Response>";
});

async function recorded(to?: string): Promise<RecordedSms[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  const response = await fetch(`${running.sandbox.url}/__control/messages${query}`);
  return ((await response.json()) as { messages: RecordedSms[] }).messages;
}

/** The posts about one phone number (to or from it). */
const postsAbout = (phone: string) => received.filter((post) => post.params.To === phone || post.params.From === phone);

/**
 * Waits until the stand-in has received `count` posts about a number (callbacks come after the send's
 * answer). By number: a test that waits for one callback leaves its message's later ones to arrive
 * during the next test (seen in CI: a "delivered" of the previous test's number came first).
 */
async function receivedAtLeast(count: number, phone: string): Promise<Received[]> {
  for (let tries = 0; tries < 200 && postsAbout(phone).length < count; tries++)
    await new Promise((r) => setTimeout(r, 20));
  return postsAbout(phone);
}

const control = (path: string, method: string, body?: unknown) =>
  fetch(`${running.sandbox.url}/__control${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("sending", () => {
  it("answers like Twilio (an SM sid, queued) and records the message under its number", async () => {
    const result = await sms().send({ to: "+18475550123", body: "Your water bill is past due. Reply STOP to stop." });
    expect(result).toMatchObject({ accepted: true, status: "queued" });
    expect(result.accepted && result.sid).toMatch(/^SM[0-9a-f]{32}$/);
    const messages = await recorded("+18475550123");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from: SMS_CITY_NUMBER, body: expect.stringContaining("Reply STOP") });
    expect(await recorded("+18475550199")).toEqual([]);
  });

  it("posts the status callbacks sent then delivered, each signed so the library's validator accepts it", async () => {
    const result = await sms().send({
      to: "+18475550124",
      body: "Case 00012 is closed.",
      statusCallback: `${webhookUrl}/status`,
    });
    const posts = await receivedAtLeast(2, "+18475550124");
    expect(posts.map((post) => post.params.MessageStatus)).toEqual(["sent", "delivered"]);
    expect(posts.every((post) => post.signed)).toBe(true);
    expect(posts[1]?.params).toMatchObject({ MessageSid: result.accepted ? result.sid : "", To: "+18475550124" });
  });

  it("a tampered callback, or one posted elsewhere or unsigned, does not pass the validator", async () => {
    await sms().send({ to: "+18475550125", body: "Hello", statusCallback: `${webhookUrl}/status` });
    const [post] = await receivedAtLeast(1, "+18475550125");
    const { params = {}, signature = "" } = post ?? {};
    const url = `${webhookUrl}/status`;
    expect(sms().validSignature(signature, url, params)).toBe(true);
    expect(sms().validSignature(signature, url, { ...params, MessageStatus: "failed" })).toBe(false);
    expect(sms().validSignature(signature, `${webhookUrl}/other`, params)).toBe(false);
    expect(sms().validSignature("", url, params)).toBe(false);
  });

  it("refuses a number that is not E.164 with Twilio's 21211, for good", async () => {
    expect(await sms().send({ to: "8475550123", body: "Hello" })).toMatchObject({
      accepted: false,
      code: 21211,
      optedOut: false,
    });
    expect(await recorded()).toEqual([]);
  });
});

describe("fault knobs", () => {
  it("a failing number: its message ends undelivered with the carrier's error code", async () => {
    expect((await control("/numbers/%2B18475550126", "PUT", { status: "undelivered", errorCode: 30003 })).status).toBe(
      200,
    );
    await sms().send({ to: "+18475550126", body: "Hello", statusCallback: `${webhookUrl}/status` });
    const posts = await receivedAtLeast(2, "+18475550126");
    expect(posts[1]?.params).toMatchObject({ MessageStatus: "undelivered", ErrorCode: "30003" });
  });

  it("down: the adapter reports the service unavailable and nothing is recorded", async () => {
    await running.control.setFaults({ down: true });
    expect(await connectorFailure(sms().send({ to: "+18475550127", body: "Hello" }))).toMatchObject({
      system: "sms",
      kind: "unavailable",
    });
    expect(await recorded()).toEqual([]);
  });

  it("failing: a 503 is unavailable (to retry), not a refusal of the message", async () => {
    await running.control.setFaults({ failureRate: 1 });
    expect(await connectorFailure(sms().send({ to: "+18475550128", body: "Hello" }))).toMatchObject({
      kind: "unavailable",
    });
  });

  it("slow: the adapter gives up at its timeout", async () => {
    const ms = await timeWhileSlow(running.control, "SMS_TIMEOUT_MS", async () => {
      expect(await connectorFailure(sms().send({ to: "+18475550129", body: "Hello" }))).toMatchObject({
        kind: "unavailable",
      });
    });
    expect(ms).toBeLessThan(1400);
  });

  it("wrong credentials are the service being unusable (401), not the message's fault", async () => {
    const token = process.env.SMS_AUTH_TOKEN;
    process.env.SMS_AUTH_TOKEN = "wrong";
    try {
      expect(await connectorFailure(sms().send({ to: "+18475550130", body: "Hello" }))).toMatchObject({
        kind: "unavailable",
      });
    } finally {
      process.env.SMS_AUTH_TOKEN = token;
    }
  });
});

describe("inbound texts", () => {
  it("posts a resident's text to the webhook, signed, and records the TwiML reply as a text to her", async () => {
    twiml = "<Response><Message>City of Elgin: call 847-931-6100. Reply STOP to stop.</Message></Response>";
    const answer = await control("/inbound", "POST", {
      from: "+18475550131",
      body: "HELP",
      url: `${webhookUrl}/inbound`,
    });
    expect(await answer.json()).toMatchObject({
      webhookStatus: 200,
      replies: [expect.stringContaining("847-931-6100")],
    });
    expect(postsAbout("+18475550131")[0]).toMatchObject({
      signed: true,
      params: { From: "+18475550131", To: SMS_CITY_NUMBER, Body: "HELP" },
    });
    const replies = (await recorded("+18475550131")).filter((message) => message.direction === "outbound-reply");
    expect(replies).toHaveLength(1);
  });

  it("after STOP the number is refused with 21610 (opted out) until it texts START", async () => {
    await control("/inbound", "POST", { from: "+18475550132", body: "stop", url: `${webhookUrl}/inbound` });
    expect(await sms().send({ to: "+18475550132", body: "Hello" })).toMatchObject({
      accepted: false,
      code: 21610,
      optedOut: true,
    });
    await control("/inbound", "POST", { from: "+18475550132", body: "START", url: `${webhookUrl}/inbound` });
    expect(await sms().send({ to: "+18475550132", body: "Hello" })).toMatchObject({ accepted: true });
  });
});
