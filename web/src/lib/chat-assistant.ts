import { paths } from "@/config/paths";

/**
 * Pages that host a payment provider's card frame (and the console's person view, below). No
 * third-party script may run on them (DESIGN.md, Web), so the chat assistant is never loaded there;
 * Hosting's CSP for these paths allows scripts from our origin only (firebase.json).
 */
const PAYMENT_FRAME_PATHS: readonly string[] = [
  paths.payment.href(),
  paths.paymentLpi.href(),
  paths.addStoredPayment.href(),
  paths.addStoredPaymentMobile.href(),
  paths.businessLicense.href(),
  paths.coreBillPayFrame.href(),
  paths.coreBillPayFrameUnauth.href(),
];

const decoded = (pathname: string) => {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/**
 * The console's person view (issue 31): staff take a card by phone there, in the gateway's frame.
 * Its id is kept as written (user ids are case-sensitive); the rest of the path in any letter case.
 */
const CONSOLE_PERSON = /^\/console\/people\/([^/]+)$/i;

/**
 * The canonical spelling of a payment-frame page's path, or null for other pages. The router
 * matches paths case-insensitively, ignores trailing slashes and decodes escapes, so `/Payment`,
 * `/payment/` and `/pay%6Dent` all show the payment page.
 */
export function paymentFramePath(pathname: string): string | null {
  const exact = decoded(pathname).replace(/\/+$/, "") || "/";
  const person = CONSOLE_PERSON.exec(exact);
  if (person) return paths.consolePerson.href(person[1] as string);
  const path = exact.toLowerCase();
  return PAYMENT_FRAME_PATHS.find((candidate) => candidate.toLowerCase() === path) ?? null;
}

/** Whether the page at this path hosts a payment frame, however the path is spelled. */
export function hostsPaymentFrame(pathname: string): boolean {
  return paymentFramePath(pathname) !== null;
}

/**
 * idle: nothing decided yet; withheld: this document shows a payment-frame page and has not
 * loaded it; waiting: loads once the page is interactive; loading/loaded/failed: the script is in
 * the page. Mirrored on <html data-chat-assistant> so the decision can be seen (and tested).
 */
export type ChatAssistantState = "idle" | "withheld" | "waiting" | "loading" | "loaded" | "failed";

let state: ChatAssistantState = "idle";

function setState(next: ChatAssistantState): void {
  state = next;
  document.documentElement.dataset.chatAssistant = next;
}

/** Whether the vendor's script has been put in this document (it then stays for the document's life). */
export function chatAssistantInPage(): boolean {
  return state === "loading" || state === "loaded" || state === "failed";
}

/** On a payment-frame page: records that the script is held back (a pending load checks the page again). */
export function withholdChatAssistant(): void {
  if (state === "idle") setState("withheld");
}

/** Resolves once the page has loaded and the main thread is idle, so the widget never competes with the page. */
function afterPageIsInteractive(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
}

/**
 * Loads the third-party chat-assistant script (spec 1 §1) once per document, after the page is
 * interactive, unless by then the visitor is on a payment-frame page.
 */
export function startChatAssistant(url: string): void {
  if (state === "waiting" || chatAssistantInPage()) return;
  setState("waiting");
  void afterPageIsInteractive().then(() => {
    if (hostsPaymentFrame(window.location.pathname)) {
      setState("withheld");
      return;
    }
    // The vendor renders into the layout's slot after the main content (chat-assistant-slot.tsx),
    // so it neither floats over the page nor comes first in the tab order.
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    setState("loading");
    script.addEventListener("load", () => setState("loaded"), { once: true });
    script.addEventListener("error", () => setState("failed"), { once: true });
    document.body.appendChild(script);
  });
}
