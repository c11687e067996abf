import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const WIDGET = "https://assistant.example.org/widget.js";
const scripts = () => [...document.querySelectorAll(`script[src="${WIDGET}"]`)];

/** The loader keeps one state per document; each test gets a fresh module, as a fresh page would. */
const freshLoader = async () => {
  vi.resetModules();
  return import("../chat-assistant");
};

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  vi.useRealTimers();
  for (const script of scripts()) script.remove();
  delete document.documentElement.dataset.chatAssistant;
});

describe("hostsPaymentFrame", () => {
  it.each([
    ["/payment", true],
    ["/payment/", true],
    ["/paymentLPI", true],
    ["/paymentlpi", true],
    ["/add-stored-payment", true],
    ["/add-stored-payment-mobile", true],
    ["/Payment", true],
    ["/Add-Stored-Payment-Mobile", true],
    ["/pay%6Dent", true],
    ["/%70aymentLPI", true],
    ["/%E0%A4%A", false],
    ["/", false],
    ["/payment/water-bill-payment-records", false],
    ["/payment/payment-history", false],
    ["/console/people/Qx7uP2mZ9aB", true],
    ["/Console/People/Qx7uP2mZ9aB/", true],
    ["/console", false],
    ["/console/people", false],
    ["/dashboard", false],
    ["/login", false],
  ])("%s -> %s", async (path, expected) => {
    const { hostsPaymentFrame } = await freshLoader();
    expect(hostsPaymentFrame(path)).toBe(expected);
  });
});

describe("paymentFramePath", () => {
  it("answers the canonical spelling the page is reloaded at (issue 26, finding 6)", async () => {
    const { paymentFramePath } = await freshLoader();
    expect(paymentFramePath("/pay%6Dent/")).toBe("/payment");
    expect(paymentFramePath("/PAYMENTLPI")).toBe("/paymentLPI");
    expect(paymentFramePath("/dashboard")).toBeNull();
    // The console's person view keeps its id's letters: user ids are case-sensitive.
    expect(paymentFramePath("/Console/people/Qx7uP2mZ9aB/")).toBe("/console/people/Qx7uP2mZ9aB");
    expect(paymentFramePath("/console/people/Qx7uP2mZ9aB")).toBe("/console/people/Qx7uP2mZ9aB");
  });
});

describe("startChatAssistant", () => {
  it("adds the script once, only after the page is idle", async () => {
    const { startChatAssistant } = await freshLoader();
    startChatAssistant(WIDGET);
    startChatAssistant(WIDGET);
    expect(scripts()).toHaveLength(0);
    expect(document.documentElement.dataset.chatAssistant).toBe("waiting");
    await vi.runAllTimersAsync();
    expect(scripts()).toHaveLength(1);
    expect((scripts()[0] as HTMLScriptElement).async).toBe(true);
    expect(document.documentElement.dataset.chatAssistant).toBe("loading");
    scripts()[0]?.dispatchEvent(new Event("load"));
    expect(document.documentElement.dataset.chatAssistant).toBe("loaded");
    startChatAssistant(WIDGET);
    await vi.runAllTimersAsync();
    expect(scripts()).toHaveLength(1);
  });

  it("holds the script back when the visitor reached a payment-frame page while it waited", async () => {
    const { startChatAssistant, chatAssistantInPage } = await freshLoader();
    startChatAssistant(WIDGET);
    window.history.replaceState(null, "", "/payment");
    await vi.runAllTimersAsync();
    expect(scripts()).toHaveLength(0);
    expect(chatAssistantInPage()).toBe(false);
    expect(document.documentElement.dataset.chatAssistant).toBe("withheld");
  });

  it("marks a payment-frame page as withheld and still loads on the next page", async () => {
    const { startChatAssistant, withholdChatAssistant } = await freshLoader();
    window.history.replaceState(null, "", "/payment");
    withholdChatAssistant();
    expect(document.documentElement.dataset.chatAssistant).toBe("withheld");
    window.history.replaceState(null, "", "/");
    startChatAssistant(WIDGET);
    await vi.runAllTimersAsync();
    expect(scripts()).toHaveLength(1);
  });
});
