import type { Page } from "playwright-core";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };

/**
 * Checks a page can be judged by from outside (issue 28): the document no wider than the viewport,
 * no English sentence on a Spanish page, no raw text key, focus after a dialog closes.
 */

/** How far the document scrolls sideways beyond the viewport, in CSS pixels (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - viewport;
    // The elements sticking out the furthest, to say where to look.
    const widest: string[] = [];
    if (overflow > 0) {
      // The outermost elements that stick out: their parent fits, so they are where to look.
      // What a scroller (a table's labelled region) clips does not widen the page: skipped. It clips
      // only what it contains: an absolutely positioned element (a visually hidden label) inside a
      // static scroller is placed, and widens the page, beyond it.
      const clipped = (element: HTMLElement) => {
        let position = getComputedStyle(element).position;
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
          if (position === "fixed") return false;
          const style = getComputedStyle(up);
          if (position === "absolute" && style.position === "static") continue;
          if (style.overflowX !== "visible") return true;
          position = style.position;
        }
        return false;
      };
      const sticking = Array.from(document.body.querySelectorAll<HTMLElement>("*")).filter((element) => {
        const right = element.getBoundingClientRect().right;
        const parent = element.parentElement;
        return (
          right > viewport + 1 && (!parent || parent.getBoundingClientRect().right <= viewport + 1) && !clipped(element)
        );
      });
      for (const element of sticking.slice(0, 4)) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
          element.classList.length ? `.${Array.from(element.classList).join(".")}` : ""
        }`;
        widest.push(`${name} (right ${Math.round(element.getBoundingClientRect().right)} px)`);
      }
    }
    return { overflow, widest };
  });
}

/**
 * English words that are not also Spanish words: a text on a Spanish page with one of them is
 * English (or half-translated). Proper names are allowed (see `allowedNames`); so is a part the
 * page marks as another language (`lang="en"`, WCAG 3.1.2), as a feed that has only English must.
 */
const ENGLISH_WORDS = new Set(
  `the and of to your you with for this that these those from by has have had was were will would been being are is it its
our we they their them can could should please press click here there yet not on at in an or if all any more about after
before when which who what where how than then into out up down only also just some such other each every
view details detail status open closed submitted pending hold rejected approved completed cancelled canceled inquiry
application applications registration notice change permit permits business water bill bills payment payments pay account
accounts report reports news events event board boards meeting meetings term length duties powers search start continue
submit subject description type photos photo documents document services service next previous page save edit delete
remove phone address date time amount due paid balance history records record garbage pickup recycling yard waste trash
tomorrow yesterday day days week weeks month months year years new read unread message messages sign log login logout
password first last back home help contact settings language january february march april june july august september
october november december monday tuesday wednesday thursday friday saturday sunday zoning already none yes loading
required optional select choose upload download file files show hide close cancel send sent`.split(/\s+/),
);

/** Names of people, boards, organizations and places in the seeded city, and of standards: the same in every language. */
let names: string[] | undefined;
function allowedNames(): string[] {
  if (!names) {
    const data = city();
    names = [
      ...data.boards.map((board) => board.Name),
      ...data.organizations.map((organization) => organization.Name),
      ...data.contacts.map((contact) => contact.Name),
      "City of Elgin",
      "Elgin Today",
      // Names of standards and apps, the same in every language.
      "Open311",
      "FixMyStreet",
    ].sort((a, b) => b.length - a.length);
  }
  return names;
}

/** A visible text (or label a screen reader reads) in the page, with the language it is marked as. */
interface ShownText {
  text: string;
  lang: string;
  where: string;
}

/** Every text node the page shows (also visually hidden ones a screen reader reads) and labelling attributes. */
export async function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: { text: string; lang: string; where: string }[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(/\s+/)[0]}` : ""}`;
    const langOf = (element: Element) => element.closest("[lang]")?.getAttribute("lang") ?? "";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (!element || !text) continue;
      // Code and what the page marks as not to translate (keys in the languages editor) are not prose.
      if (element.closest("script, style, noscript, template, code, [translate='no']")) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      out.push({ text, lang: langOf(element), where: describe(element) });
    }
    for (const element of Array.from(
      document.body.querySelectorAll("[aria-label], [placeholder], img[alt], [title]"),
    )) {
      if (!(element as HTMLElement).checkVisibility?.({ visibilityProperty: true })) continue;
      if (element.closest("code, [translate='no']")) continue;
      for (const attribute of ["aria-label", "placeholder", "alt", "title"]) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) out.push({ text, lang: langOf(element), where: `${describe(element)}[${attribute}]` });
      }
    }
    return out;
  });
}

/** Texts on a Spanish page that are English: each with the English words found in it. */
export function englishOnSpanishPage(texts: readonly ShownText[]): string[] {
  const found: string[] = [];
  for (const { text, lang, where } of texts) {
    if (lang && !lang.startsWith("es")) continue;
    // Addresses are not prose: links, emails, and a path the page names (/open311/v2/).
    let rest = text.replace(/https?:\/\/\S+|\S+@\S+|(?<![\p{L}\d])\/[\w./-]+/gu, " ");
    for (const name of allowedNames()) if (rest.includes(name)) rest = rest.replaceAll(name, " ");
    // Whole words in any script: "mayúscula" is not "may".
    const words = (rest.match(/\p{L}+(?:'\p{L}+)?/gu) ?? [])
      // All capitals: addresses as the CRM keeps them (123 STATE ST) and acronyms (PDF, CRM).
      .filter((word) => word !== word.toUpperCase())
      .map((word) => word.toLowerCase())
      .filter((word) => ENGLISH_WORDS.has(word));
    if (words.length > 0) found.push(`${where}: "${text.slice(0, 120)}" (${[...new Set(words)].join(", ")})`);
  }
  return [...new Set(found)];
}

function keysOf(value: unknown, prefix: string, into: Set<string>): Set<string> {
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) keysOf(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix.includes(".")) {
    into.add(prefix.replace(/_(one|other|few|many|zero|two)$/, ""));
  }
  return into;
}

const TEXT_KEYS = keysOf(en, "", new Set());

/** Raw text keys (`Header.Login`) or unfilled placeholders (`{{name}}`) among the texts shown. */
export function rawKeys(texts: readonly ShownText[]): string[] {
  const found = new Set<string>();
  for (const { text, where } of texts) {
    if (/\{\{\s*\w+\s*\}\}/.test(text)) found.add(`${where}: "${text.slice(0, 120)}"`);
    for (const token of text.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+/g) ?? []) {
      if (TEXT_KEYS.has(token)) found.add(`${where}: "${token}"`);
    }
  }
  return [...found];
}

/**
 * Records, for every <dialog> that closes in the page, what has focus once it has closed: a page
 * that loses focus to <body> strands keyboard and screen-reader users (WCAG 2.4.3). Install before
 * the page loads (`context.addInitScript`); read with `dialogsLosingFocus`. A dialog React removes
 * is detached before its close event, so open dialogs are watched with a MutationObserver.
 */
export function recordDialogFocus(): void {
  const log: { dialog: string; focus: string; ok: boolean }[] = [];
  (window as unknown as { __dialogFocusLog: typeof log }).__dialogFocusLog = log;
  const open = new Map<HTMLDialogElement, string>();
  const check = (title: string, dialog: HTMLDialogElement, waited = 0) => {
    // Focus moves back in the same task as close() or in React's commit just after; a dialog closed
    // before the page under it has a heading gives focus to the heading when it comes (dialog.tsx).
    setTimeout(() => {
      if (!document.querySelector("h1") && waited < 10_000) {
        check(title, dialog, waited + 100);
        return;
      }
      const active = document.activeElement;
      const ok = !!active && active !== document.body && active.isConnected && !dialog.contains(active);
      const focus = active
        ? `${active.tagName.toLowerCase()} "${(active.textContent ?? "").trim().slice(0, 40)}"`
        : "none";
      log.push({ dialog: title, focus, ok });
    }, 100);
  };
  const scan = () => {
    for (const dialog of Array.from(document.querySelectorAll<HTMLDialogElement>("dialog[open]"))) {
      if (!open.has(dialog)) open.set(dialog, dialog.querySelector("h1, h2")?.textContent?.trim() ?? "");
    }
    for (const [dialog, title] of open) {
      if (dialog.isConnected && dialog.open) continue;
      open.delete(dialog);
      check(title, dialog);
    }
  };
  new MutationObserver(scan).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["open"],
  });
}

/** Dialogs closed so far whose focus went nowhere useful. */
export async function dialogsLosingFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const log = (window as unknown as { __dialogFocusLog?: { dialog: string; focus: string; ok: boolean }[] })
      .__dialogFocusLog;
    return (log ?? []).filter((entry) => !entry.ok).map((entry) => `"${entry.dialog}" left focus on ${entry.focus}`);
  });
}
