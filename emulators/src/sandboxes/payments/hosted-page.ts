/** The hosted card pages both providers serve: the only place a card number is ever typed. */
export interface HostedPageOptions {
  language: "en" | "es";
  title: string;
  /** Lines shown above the fields, e.g. the account and amount. */
  summary: string[];
  submitLabel: string;
  /** Where the page's own script posts the card (same origin as the page). */
  submitUrl: string;
  /** The embedding window's origin: the only one messages are posted to. */
  parentOrigin: string;
  messageSource: string;
  /** 'nonce' for the legacy form; 'core' adds overlay, submit, success and error events. */
  flavour: "nonce" | "core";
  token?: string;
  scriptUrl: string;
}

const TEXT = {
  en: {
    nameOnCard: "Name on card",
    cardNumber: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvv: "Security code (CVV)",
    postalCode: "Billing ZIP code",
    fixErrors: "There is a problem",
    required: "All fields are required.",
  },
  es: {
    nameOnCard: "Nombre en la tarjeta",
    cardNumber: "Número de tarjeta",
    expiry: "Fecha de vencimiento (MM/AA)",
    cvv: "Código de seguridad (CVV)",
    postalCode: "Código postal de facturación",
    fixErrors: "Hay un problema",
    required: "Todos los campos son obligatorios.",
  },
} as const;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );

/** An http(s) origin, or null: a page must never post card events to an arbitrary target. */
export function parseOrigin(value: unknown): string | null {
  try {
    const url = new URL(String(value ?? ""));
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Security headers for a hosted page: framable only by the portal, scripts only from here. */
export function hostedPageHeaders(parentOrigin: string): Record<string, string> {
  return {
    "content-security-policy": `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors ${parentOrigin}; form-action 'self'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  };
}

const field = (name: string, label: string, attributes: string) => `
      <div class="field">
        <label for="${name}">${escapeHtml(label)}</label>
        <p class="error" id="${name}-error" hidden></p>
        <input id="${name}" name="${name}" ${attributes} required aria-describedby="${name}-error">
      </div>`;

export function renderHostedPage(options: HostedPageOptions): string {
  const text = TEXT[options.language];
  const data = {
    "data-submit-url": options.submitUrl,
    "data-parent-origin": options.parentOrigin,
    "data-source": options.messageSource,
    "data-flavour": options.flavour,
    "data-token": options.token ?? "",
  };
  const dataAttributes = Object.entries(data)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(" ");
  return `<!doctype html>
<html lang="${options.language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(options.title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #1b1b1b; background: #fff; }
    h1 { font-size: 1.25rem; margin: 0 0 12px; }
    .summary p { margin: 0 0 4px; }
    .field { margin: 12px 0; }
    label { display: block; font-weight: 600; margin-bottom: 4px; }
    input { font-size: 1rem; padding: 8px; width: 100%; max-width: 22rem; box-sizing: border-box; border: 2px solid #565c65; border-radius: 4px; }
    input[aria-invalid=true] { border-color: #b50909; }
    .error { color: #b50909; font-weight: 600; margin: 0 0 4px; }
    .summary-errors { border: 3px solid #b50909; padding: 8px 12px; margin-bottom: 12px; }
    .summary-errors h2 { font-size: 1.1rem; margin: 0 0 8px; }
    /* Error links are touch targets too (WCAG 2.2 target size: 24px). */
    #error-list a { display: inline-block; min-height: 24px; line-height: 24px; color: #b50909; }
    #error-list li { margin: 4px 0; }
    button { font-size: 1rem; padding: 10px 20px; background: #005ea2; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
    button:disabled { background: #565c65; }
    :focus-visible { outline: 3px solid #ffbe2e; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(options.title)}</h1>
    <div class="summary">${options.summary.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}</div>
    <div class="summary-errors" id="error-summary" role="alert" tabindex="-1" hidden>
      <h2>${escapeHtml(text.fixErrors)}</h2>
      <ul id="error-list"></ul>
    </div>
    <p>${escapeHtml(text.required)}</p>
    <form id="card-form" novalidate ${dataAttributes}>
      ${field("nameOnCard", text.nameOnCard, 'type="text" autocomplete="cc-name"')}
      ${field("cardNumber", text.cardNumber, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
      ${field("expiry", text.expiry, 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}
      ${field("cvv", text.cvv, 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
      ${field("postalCode", text.postalCode, 'type="text" inputmode="numeric" autocomplete="postal-code" maxlength="5"')}
      <button type="submit">${escapeHtml(options.submitLabel)}</button>
    </form>
    <p id="status" role="status" aria-live="polite"></p>
  </main>
  <script src="${escapeHtml(options.scriptUrl)}"></script>
</body>
</html>`;
}
