import DOMPurify from "dompurify";

const ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "span", "h3", "h4"];
const ALLOWED_ATTR = ["href", "title", "target", "rel"];
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let hooked = false;

/**
 * Admin-written alert HTML made safe to render (DESIGN.md: alert texts are sanitized): a short
 * list of text tags, no scripts, no event handlers, no styles, and links only to http(s),
 * mailto, tel or our own paths; links that open a new tab get rel="noopener noreferrer".
 */
export function sanitizeAlertHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName !== "A") return;
      const href = node.getAttribute("href");
      if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute("href");
      if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
      else node.removeAttribute("target");
    });
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
