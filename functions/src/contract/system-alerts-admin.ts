import { z } from "zod";

/** Longest title and HTML text an admin may save (a banner, not a page). */
export const ALERT_TITLE_MAX = 200;
export const ALERT_TEXT_MAX = 10_000;

const title = z.string().trim().min(1, "Required").max(ALERT_TITLE_MAX);
const text = z.string().trim().min(1, "Required").max(ALERT_TEXT_MAX);

/**
 * POST /api/systemAlerts (spec 3 §7): both titles and both texts, none blank after trimming
 * (spec 3 §5). The texts may hold HTML; the server sanitizes them before storing. A new alert is
 * active unless `active` says otherwise.
 */
export const ZSystemAlertCreate = z
  .object({
    titleEnglish: title,
    titleSpanish: title,
    textEnglish: text,
    textSpanish: text,
    active: z.boolean().optional(),
  })
  .strict();
export type SystemAlertCreate = z.infer<typeof ZSystemAlertCreate>;

/** PUT /api/systemAlerts/{id}: the same fields plus active. */
export const ZSystemAlertUpdate = z
  .object({ titleEnglish: title, titleSpanish: title, textEnglish: text, textSpanish: text, active: z.boolean() })
  .strict();
export type SystemAlertUpdate = z.infer<typeof ZSystemAlertUpdate>;

/** Whether the alert form may be saved: no title and no text blank after trimming (spec 3 §5). */
export const alertFormComplete = (value: {
  titleEnglish: string;
  titleSpanish: string;
  textEnglish: string;
  textSpanish: string;
}): boolean =>
  [value.titleEnglish, value.titleSpanish, value.textEnglish, value.textSpanish].every((part) => part.trim() !== "");

/** The tags and attributes alert HTML may keep, on the server (sanitize-html) and in the browser (DOMPurify). */
export const ALERT_ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "span", "h3", "h4"];
export const ALERT_ALLOWED_LINK_ATTRIBUTES = ["href", "title", "target", "rel"];
