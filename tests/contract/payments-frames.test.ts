import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningSandbox, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { paymentsSandbox } from "../../emulators/src/sandboxes/payments/index.ts";
import { createHttpCoreConnector } from "../../functions/src/connectors/payments/http-core-connector";
import { createHttpGatewayConnector } from "../../functions/src/connectors/payments/http-gateway-connector";
import {
  CORE_FRAME_EVENTS,
  CORE_MESSAGE_SOURCE,
  GATEWAY_MESSAGE_SOURCE,
} from "../../functions/src/contract/payment-frame-events";
import { expectNoAxeViolations, launchChromium } from "../kit/browser.ts";

/**
 * The hosted pages in a real browser: embedded cross-origin, used by keyboard only, posting
 * their events to the embedding window, and free of axe violations.
 */
let sandbox: RunningSandbox;
let parent: Server;
let parentOrigin = "";
let browser: Browser;
let page: Page;

type Message = { source: string; type: string; [key: string]: unknown };

beforeAll(async () => {
  sandbox = await startSandbox(paymentsSandbox, 0);
  Object.assign(process.env, sandbox.env, { PAYMENTS_TIMEOUT_MS: "5000" });
  // A stand-in portal page on another origin (localhost vs 127.0.0.1) that embeds ?src=.
  parent = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://localhost").searchParams.get("src") ?? "";
    const frameOrigin = new URL(sandbox.url).origin;
    res.setHeader("content-type", "text/html");
    res.end(`<!doctype html><html lang="en"><head><title>Pay</title></head><body><main>
      <iframe title="Card payment" src="${src.replaceAll('"', "&quot;")}" style="width:100%;height:700px"></iframe></main>
      <script>window.messages = []; addEventListener("message", (e) => { if (e.origin === "${frameOrigin}") window.messages.push(e.data); });</script>
    </body></html>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, "127.0.0.1", resolve));
  parentOrigin = `http://localhost:${(parent.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => parent?.close(resolve));
  await sandbox?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  return () => page.close();
});

async function embed(src: string): Promise<Frame> {
  await page.goto(`${parentOrigin}/?src=${encodeURIComponent(src)}`);
  const handle = await page.waitForSelector("iframe");
  const frame = await handle.contentFrame();
  if (!frame) throw new Error("no frame");
  await frame.waitForSelector("#card-form");
  return frame;
}

/** Fills the card form with the keyboard only: Tab between fields, Enter to submit. */
async function typeCard(frame: Frame, cardNumber: string) {
  await frame.focus("#nameOnCard");
  await page.keyboard.type("Maria Lopez");
  for (const value of [cardNumber, "12/39", "123", "60120"]) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Enter");
}

const messages = () => page.evaluate(() => (window as unknown as { messages: Message[] }).messages);
async function waitForMessage(type: string): Promise<Message> {
  await page.waitForFunction(
    (wanted) => (window as unknown as { messages: Message[] }).messages.some((m) => m.type === wanted),
    type,
  );
  return (await messages()).find((message) => message.type === type) as Message;
}

describe("legacy hosted card form", () => {
  it("posts a nonce to the embedding window, which the gateway then charges", async () => {
    const frame = await embed(createHttpGatewayConnector().hostedCardFormUrl(parentOrigin));
    await typeCard(frame, TEST_CARDS.approves);
    const nonce = await waitForMessage("nonce");
    expect(nonce).toMatchObject({ source: GATEWAY_MESSAGE_SOURCE, last4: "1111", cardType: "Visa" });
    expect(JSON.stringify(await messages())).not.toContain(TEST_CARDS.approves);
    expect((await waitForMessage("height")).height).toBeGreaterThan(100);
    const charge = await createHttpGatewayConnector().charge({
      source: { nonce: nonce.nonce as string },
      amountCents: 1000,
      description: "x",
      idempotencyKey: "frame-test",
    });
    expect(charge.amountCents).toBe(1000);
  });

  it("shows field errors in a focused summary, linked to the fields", async () => {
    const frame = await embed(createHttpGatewayConnector().hostedCardFormUrl(parentOrigin));
    await frame.focus("#nameOnCard");
    await page.keyboard.press("Enter");
    await frame.waitForSelector("#error-summary:not([hidden])");
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe("error-summary");
    expect(await frame.getAttribute("#cardNumber", "aria-invalid")).toBe("true");
    await frame.click('#error-list a[href="#cvv"]');
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe("cvv");
  });

  it("has no axe violations, empty or with errors", async () => {
    await page.goto(createHttpGatewayConnector().hostedCardFormUrl(parentOrigin));
    await expectNoAxeViolations(page, "legacy card form");
    await page.click("button[type=submit]");
    await page.waitForSelector("#error-summary:not([hidden])");
    await expectNoAxeViolations(page, "legacy card form with errors");
  });
});

describe("CORE bill-pay and add-card frames", () => {
  const session = (amountCents: number) =>
    createHttpCoreConnector().createIframeSession({
      transactionType: "BILL_PAY",
      customerId: "seed-resident",
      accountNumber: "000104200-000550000",
      amountCents,
      appCode: "UTILITY",
      language: "en",
      parentOrigin,
    });

  it("posts overlay, submit and error events for a declined card, then success with the transaction id", async () => {
    const { iframeUrl } = await session(2599);
    const frame = await embed(iframeUrl);
    await typeCard(frame, TEST_CARDS.declines);
    const error = await waitForMessage("paymentError");
    expect(error.message).toMatch(/declined/i);
    expect((await messages()).map((message) => message.type).filter((type) => type !== "height")).toEqual([
      "overlayOn",
      "paymentSubmit",
      "overlayOff",
      "paymentError",
    ]);
    await frame.fill("#cardNumber", TEST_CARDS.approves);
    await frame.focus("#cardNumber");
    await page.keyboard.press("Enter");
    const success = await waitForMessage("paymentSuccess");
    const transaction = await createHttpCoreConnector().getTransaction(success.transactionId as string);
    expect(transaction).toMatchObject({ amountCents: 2599, status: "APPROVED" });
    for (const message of await messages()) {
      expect(message.source).toBe(CORE_MESSAGE_SOURCE);
      expect(CORE_FRAME_EVENTS).toContain(message.type);
    }
  });

  it("adds a card from the add-card frame", async () => {
    const { iframeUrl } = await createHttpCoreConnector().createIframeSession({
      transactionType: "ADD_CARD",
      customerId: "frame-user",
      language: "en",
      parentOrigin,
    });
    const frame = await embed(iframeUrl);
    await typeCard(frame, "5555555555554444");
    const success = await waitForMessage("paymentSuccess");
    expect(await createHttpCoreConnector().listPaymentMethods("frame-user")).toEqual([
      expect.objectContaining({ id: success.paymentMethodId, accountnum: "****4444" }),
    ]);
  });

  it("has no axe violations", async () => {
    await page.goto((await session(5000)).iframeUrl);
    await expectNoAxeViolations(page, "CORE bill-pay frame");
  });
});
