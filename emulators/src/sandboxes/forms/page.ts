import type { BusinessProcess, FormField } from "../../seed/forms.ts";

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "#39", '"': "quot" }[char]};`);

export interface PageContext {
  process: BusinessProcess;
  portalSubmissionId: string;
  parentOrigin: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** Posts the page's content height to the embedding portal whenever it changes. */
const heightScript = (parentOrigin: string) => `
const parentOrigin = ${JSON.stringify(parentOrigin)};
const post = (message) => window.parent.postMessage({ source: "city-forms", ...message }, parentOrigin);
const report = () => post({ event: "height", height: document.documentElement.scrollHeight });
window.addEventListener("load", report);
new ResizeObserver(report).observe(document.body);`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:1rem;color:#1b1b1b}label{display:block;font-weight:600;margin-top:1rem}
input,select,textarea{font:inherit;padding:.4rem;border:2px solid #565c65;min-width:16rem}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}.hint{color:#454545;margin:.2rem 0}
.error{color:#b50909;font-weight:600;margin:.2rem 0}.summary{border:4px solid #b50909;padding:1rem}
button{margin-top:1.5rem;font:inherit;padding:.5rem 1.5rem;background:#00703c;color:#fff;border:0}`;

function fieldHtml(field: FormField, value: string, error: string | undefined) {
  const id = `field-${field.name}`;
  const described = [field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const common = `id="${id}" name="${field.name}"${field.required ? ' required aria-required="true"' : ""}${
    error ? ' aria-invalid="true"' : ""
  }${described ? ` aria-describedby="${described}"` : ""}`;
  let control: string;
  if (field.type === "textarea") control = `<textarea ${common} rows="4">${escapeHtml(value)}</textarea>`;
  else if (field.type === "select") {
    const options = (field.options ?? [])
      .map((option) => `<option${option === value ? " selected" : ""}>${escapeHtml(option)}</option>`)
      .join("");
    control = `<select ${common}><option value="">Choose…</option>${options}</select>`;
  } else control = `<input type="${field.type}" ${common} value="${escapeHtml(value)}">`;
  return `<div><label for="${id}">${escapeHtml(field.label)}${field.required ? " (required)" : ""}</label>${
    field.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>` : ""
  }${error ? `<p class="error" id="${id}-error">Error: ${escapeHtml(error)}</p>` : ""}${control}</div>`;
}

const shell = (title: string, body: string, script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style>${STYLE}</style></head><body><main>${body}</main><script>${script}</script></body></html>`;

/** The hosted form: labelled fields, hints and errors tied by aria-describedby, an error summary that takes focus. */
export function formPage(context: PageContext, action: string): string {
  const { process, errors, values } = context;
  const errorList = Object.entries(errors);
  const summary = errorList.length
    ? `<div class="summary" role="alert" tabindex="-1" id="error-summary" aria-labelledby="error-summary-title"><h2 id="error-summary-title">There is a problem</h2><ul>${errorList
        .map(([name, message]) => `<li><a href="#field-${name}">${escapeHtml(message)}</a></li>`)
        .join("")}</ul></div>`
    : "";
  const body = `<h1>${escapeHtml(process.name)}</h1>${summary}<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="portalSubmissionId" value="${escapeHtml(context.portalSubmissionId)}">
<input type="hidden" name="parentOrigin" value="${escapeHtml(context.parentOrigin)}">
${process.fields.map((field) => fieldHtml(field, values[field.name] ?? "", errors[field.name])).join("\n")}
<button type="submit">Submit</button></form>`;
  const focusSummary = errorList.length ? `document.getElementById("error-summary").focus();` : "";
  return shell(process.name, body, `${heightScript(context.parentOrigin)}${focusSummary}`);
}

/** After a submit: a confirmation, and the success event with the fee total (dollars, as the form shows it). */
export function submittedPage(context: PageContext, feeCents: number): string {
  const feeTotal = (feeCents / 100).toFixed(2);
  const body = `<h1>Thank you</h1><p role="status">Your ${escapeHtml(context.process.name)} was submitted.${
    feeCents > 0 ? ` The fee is $${feeTotal}.` : ""
  }</p>`;
  const success = `post(${JSON.stringify({
    event: "submitted",
    success: true,
    bpid: context.process.id,
    portalSubmissionId: context.portalSubmissionId,
    feeTotal,
  })});`;
  return shell("Thank you", body, `${heightScript(context.parentOrigin)}${success}`);
}
