import { detect } from "tinyld/light";
import type { WrittenIn } from "../contract/case-status";

/**
 * The language a free text from the CRM is written in, English or Spanish, when it can be told;
 * undefined for a text too short or too mixed to say. Only sentences (three words or more) are told:
 * a picklist value or a name ("Open", "Yes") is a label the page must translate, not a text to mark. The CRM keeps one field for a staff message,
 * a status note or a resident's description, in whichever language its writer used, so the pages
 * mark it with `lang` (WCAG 3.1.2: a screen reader then reads an English staff note on a Spanish
 * page with English sounds). tinyld's light profile (70 KB, CommonJS, no dependencies) limited to
 * the portal's two languages: "Please send a photo of the damaged sidewalk panel…" is en,
 * "Envíe una foto del panel de la acera dañado." is es (text-language.test.ts).
 */
export function writtenIn(text: string | null | undefined): WrittenIn | undefined {
  if (!text || text.trim().split(/\s+/).length < 3) return undefined;
  const found = detect(text, { only: ["en", "es"] });
  return found === "en" || found === "es" ? found : undefined;
}
