/** A piece of a notice: text, or a phone number to call. */
export type NoticePart = { text: string } | { phone: string; href: string };

/** North American numbers (1-888-642-6748, (847) 555-0100, 847.555.0100) and 911. */
const PHONE = /(?:\+?1[-.\s]?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}|\b911\b/g;

/**
 * A stopper's plain text (issue 33) cut into text and phone numbers, so a resident on a phone calls
 * the gas company or 911 with one tap. The text stays text: nothing an admin types becomes HTML.
 */
export function noticeParts(text: string): NoticePart[] {
  const parts: NoticePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ phone: match[0], href: `tel:${match[0].replace(/[^\d+]/g, "")}` });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
