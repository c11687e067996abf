/**
 * The script of the hosted card pages, served from the provider's origin (so the page's CSP
 * can forbid inline script). It posts the card to its own origin and tells the parent window
 * only the outcome: a nonce, a transaction id, or an error; never the card number.
 */
export const HOSTED_PAGE_SCRIPT = `(() => {
  "use strict";
  const form = document.getElementById("card-form");
  const config = form.dataset;
  const button = form.querySelector("button[type=submit]");
  const status = document.getElementById("status");
  const summary = document.getElementById("error-summary");
  const list = document.getElementById("error-list");
  const core = config.flavour === "core";
  const post = (message) => window.parent.postMessage({ source: config.source, ...message }, config.parentOrigin);
  const newKey = () =>
    typeof crypto.randomUUID === "function"
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  // One key per attempt: a double click or a retried request never charges twice.
  let idempotencyKey = newKey();

  const reportHeight = () => post({ type: "height", height: document.documentElement.scrollHeight });
  if ("ResizeObserver" in window) new ResizeObserver(reportHeight).observe(document.body);
  reportHeight();

  const names = ["nameOnCard", "cardNumber", "expiry", "cvv", "postalCode"];
  const clearErrors = () => {
    summary.hidden = true;
    list.replaceChildren();
    for (const name of names) {
      const input = form.elements.namedItem(name);
      input.removeAttribute("aria-invalid");
      const message = document.getElementById(name + "-error");
      message.hidden = true;
      message.textContent = "";
    }
  };
  const showErrors = (fields, fallback) => {
    const entries = Object.entries(fields || {});
    if (entries.length === 0 && fallback) entries.push(["cardNumber", fallback]);
    for (const [name, text] of entries) {
      const input = form.elements.namedItem(name);
      const message = document.getElementById(name + "-error");
      if (!input || !message) continue;
      input.setAttribute("aria-invalid", "true");
      message.textContent = text;
      message.hidden = false;
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "#" + name;
      link.textContent = text;
      link.addEventListener("click", (event) => {
        event.preventDefault();
        input.focus();
      });
      item.append(link);
      list.append(item);
    }
    summary.hidden = false;
    summary.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    const values = Object.fromEntries(names.map((name) => [name, form.elements.namedItem(name).value]));
    const missing = Object.fromEntries(names.filter((name) => !values[name].trim()).map((name) => [name, form.querySelector("label[for=" + name + "]").textContent + ": required"]));
    if (Object.keys(missing).length > 0) return showErrors(missing);
    button.disabled = true;
    form.setAttribute("aria-busy", "true");
    status.textContent = "…";
    if (core) {
      post({ type: "overlayOn" });
      post({ type: "paymentSubmit" });
    }
    let outcome;
    try {
      const response = await fetch(config.submitUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
        body: JSON.stringify({ ...values, token: config.token }),
      });
      outcome = { ok: response.ok, body: await response.json() };
    } catch {
      outcome = { ok: false, body: { message: "The payment service could not be reached. Please try again." } };
    }
    button.disabled = false;
    form.removeAttribute("aria-busy");
    if (core) post({ type: "overlayOff" });
    if (outcome.ok) {
      status.textContent = outcome.body.message || "Done";
      if (!core) post({ type: "nonce", nonce: outcome.body.nonce, last4: outcome.body.last4, cardType: outcome.body.cardType });
      else post({ type: "paymentSuccess", transactionId: outcome.body.transactionId, paymentMethodId: outcome.body.paymentMethodId });
      form.reset();
      return;
    }
    idempotencyKey = newKey();
    status.textContent = "";
    showErrors(outcome.body.fields, outcome.body.message);
    if (core) post({ type: "paymentError", message: outcome.body.message || "Payment failed" });
  });
})();
`;
