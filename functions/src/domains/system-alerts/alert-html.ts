import sanitizeHtml from "sanitize-html";
import { ALERT_ALLOWED_LINK_ATTRIBUTES, ALERT_ALLOWED_TAGS } from "../../contract/system-alerts-admin";

/**
 * Admin-written alert HTML cleaned before it is stored (DESIGN.md: admin HTML sanitized; the
 * browser sanitizes again on render): the short list of text tags the alert modal renders, no
 * scripts, styles or event handlers, and links only to http(s), mailto, tel or our own paths.
 * A link that opens a new tab gets rel="noopener noreferrer".
 */
export function sanitizeAlertHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALERT_ALLOWED_TAGS,
    allowedAttributes: { a: ALERT_ALLOWED_LINK_ATTRIBUTES },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => {
        const { target, rel: _rel, ...rest } = attribs;
        return {
          tagName,
          attribs: target === "_blank" ? { ...rest, target, rel: "noopener noreferrer" } : rest,
        };
      },
    },
  }).trim();
}

/** Whether sanitized HTML still says something (not only tags or spaces). */
export const hasVisibleText = (html: string): boolean =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .trim() !== "";
