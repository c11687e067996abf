/** Reading the billing system's legacy values. */

/** '1250' is 1250 cents, '1250-' is -1250 (a trailing minus, as the system writes negatives). */
export function centsFromLegacy(value: unknown): number {
  const text = String(value ?? "").trim();
  const match = /^(\d+)(-?)$/.exec(text);
  if (!match) throw new Error(`Not a legacy cents value: ${JSON.stringify(value)}`);
  const cents = Number(match[1]);
  return match[2] ? -cents : cents;
}

/** The one place the billing system's cents become dollars, for answers the spec fixes in dollars. */

/** 'YYYYMMDD' to 'YYYY-MM-DD'; blank stays blank. */
export function isoFromLegacyDate(value: unknown): string {
  const text = String(value ?? "").trim();
  if (!text) return "";
  if (!/^\d{8}$/.test(text)) throw new Error(`Not a legacy date: ${JSON.stringify(value)}`);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

export const OK = "0000";
