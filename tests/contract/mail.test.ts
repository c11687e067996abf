import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningSandbox, sandboxControl, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { mailSandbox, type ReceivedMail } from "../../emulators/src/sandboxes/mail/index.ts";
import { SmtpMailConnector } from "../../functions/src/connectors/mail/smtp-mail-connector";
import type { OutgoingMail } from "../../functions/src/connectors/mail/types";
import { ConnectorError } from "../../functions/src/platform/connector-error";
import { timeWhileSlow } from "../kit/sandbox.ts";

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
/** A new adapter each time, so a setting changed by a test (timeout, password) takes effect. */
const mail = () => new SmtpMailConnector();

async function received(to?: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${sandbox.url}/__control/messages${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  return ((await response.json()) as { messages: ReceivedMail[] }).messages;
}

async function failure(work: Promise<unknown>): Promise<ConnectorError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

const letter = (to: string, messageId = `m-${Math.random().toString(36).slice(2)}`): OutgoingMail => ({
  to,
  subject: "Restablezca su contraseña",
  text: "Ciudad de Elgin\n\nElegir una nueva contraseña: https://portal.example.gov/reset",
  html: '<p>Ciudad de Elgin</p><p><a href="https://portal.example.gov/reset">Elegir</a></p>',
  messageId,
  language: "es",
});

beforeAll(async () => {
  sandbox = await startSandbox(mailSandbox, 0);
  Object.assign(process.env, sandbox.env, { MAIL_TIMEOUT_MS: "2000" });
  control = sandboxControl(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control.reset();
  Object.assign(process.env, sandbox.env);
});

describe("sending", () => {
  it("the relay takes a multipart mail (text and HTML) with our Message-ID and language, and keeps it", async () => {
    const accepted = await mail().send(letter("Ana@Example.com", "msg-1"));
    expect(accepted.messageId).toBe("<msg-1@cityofelgin.org>");
    expect(accepted.response).toMatch(/^250 /);
    const [got] = await received("ana@example.com");
    expect(got).toMatchObject({
      messageId: "<msg-1@cityofelgin.org>",
      from: "no-reply@cityofelgin.org",
      to: ["ana@example.com"],
      subject: "Restablezca su contraseña",
      language: "es",
    });
    expect(got?.parts).toEqual(expect.arrayContaining(["multipart/alternative", "text/plain", "text/html"]));
    expect(got?.text).toContain("https://portal.example.gov/reset");
    expect(got?.html).toContain('<a href="https://portal.example.gov/reset">');
    expect(await received("someone.else@example.com")).toEqual([]);
  });

  it("the page lists the mails with their HTML, and each mail's HTML is served alone, sandboxed", async () => {
    await mail().send(letter("page@example.com"));
    const page = await (await fetch(`${sandbox.url}/messages`)).text();
    expect(page).toContain("Mail sandbox: 1 mail");
    expect(page).toContain("Restablezca su contraseña");
    const [got] = await received();
    const alone = await fetch(`${sandbox.url}/messages/${got?.id}`);
    expect(alone.headers.get("content-security-policy")).toContain("sandbox");
    expect(await alone.text()).toContain("Ciudad de Elgin");
  });

  it("stats count the mails and name a Message-ID received twice", async () => {
    await mail().send(letter("a@example.com", "same"));
    await mail().send(letter("a@example.com", "same"));
    await mail().send(letter("a@example.com", "other"));
    const stats = await (await fetch(`${sandbox.url}/__control/messages/stats`)).json();
    expect(stats).toEqual({ count: 3, unique: 2, duplicates: [{ messageId: "<same@cityofelgin.org>", count: 2 }] });
  });

  it("a wrong password is refused (535) and is a failure to retry, not the recipient's", async () => {
    process.env.MAIL_SMTP_PASSWORD = "wrong";
    const error = await failure(mail().send(letter("x@example.com")));
    expect(error.kind).toBe("unavailable");
    expect(await received()).toEqual([]);
  });
});

describe("fault knobs", () => {
  it("down: the connection is dropped; the adapter says unavailable and nothing is kept", async () => {
    await control.setFaults({ down: true });
    const error = await failure(mail().send(letter("down@example.com")));
    expect(error).toMatchObject({ system: "mail", kind: "unavailable" });
    await control.setFaults({ down: false });
    expect(await received()).toEqual([]);
  });

  it("down while a pooled connection is open: 421 on it, unavailable", async () => {
    const pooled = mail();
    await pooled.send(letter("first@example.com"));
    await control.setFaults({ down: true });
    const error = await failure(pooled.send(letter("second@example.com")));
    expect(error.kind).toBe("unavailable");
    await control.setFaults({ down: false });
    expect((await received()).map((m) => m.to[0])).toEqual(["first@example.com"]);
  });

  it("slow: past the adapter's timeout the send is unavailable, within the timeout", async () => {
    const ms = await timeWhileSlow(control, "MAIL_TIMEOUT_MS", async () => {
      const error = await failure(mail().send(letter("slow@example.com")));
      expect(error.kind).toBe("unavailable");
    });
    expect(ms).toBeLessThan(1500);
  });

  it("failureRate 1: 451, a temporary failure", async () => {
    await control.setFaults({ failureRate: 1 });
    const error = await failure(mail().send(letter("busy@example.com")));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("451");
  });

  it("a bounced address: 550, a final refusal with the server's reason", async () => {
    const set = await fetch(`${sandbox.url}/__control/bounces`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ addresses: ["Gone@Example.com"] }),
    });
    expect(set.status).toBe(200);
    const error = await failure(mail().send(letter("gone@example.com")));
    expect(error.kind).toBe("rejected");
    expect(error.message).toContain("550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown");
    await mail().send(letter("stays@example.com"));
    await control.reset(); // clears bounces too
    await mail().send(letter("gone@example.com"));
    expect((await received("gone@example.com")).length).toBe(1);
  });

  it("counters count each mail taken", async () => {
    await mail().send(letter("c@example.com"));
    expect((await control.counters()).byRoute["SMTP DATA"]).toBe(1);
  });
});
