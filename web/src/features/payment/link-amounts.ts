import { MAXIMUM_PAYMENT_CENTS } from "@contract/payment-constants";
import { dollarsToCents } from "@/components/ui/form/money-field";

/**
 * What a link to /payment said about the bill (spec 2 §2: `amount`, `penaltyAmount`, `accountYear`),
 * as a letter, an email or a bookmark wrote it once. Display only: the page shows it beside the
 * billing system's live amount due, and neither the amount field, its minimum nor the charge ever
 * comes from it (README "Paying a bill": anybody can edit an address, and the figure ages).
 */
export interface LinkAmounts {
  amountCents: number;
  /** The late penalty the link named on top of `amountCents` (spec 2 §5: "amount plus penalty"); 0 when none. */
  penaltyCents: number;
  /** The account year the link named, when it named a plausible one. */
  year: number | null;
}

/** Ten times the largest payment the portal takes: a larger figure in a link is not a bill's. */
const LINK_AMOUNT_CEILING_CENTS = 10 * MAXIMUM_PAYMENT_CENTS;

/** The link's figures, or null when it named no amount or a value that is not one (then nothing is shown). */
export function linkAmounts(query: URLSearchParams): LinkAmounts | null {
  const cents = (name: string) => {
    const text = query.get(name);
    if (text === null || text.trim() === "") return null;
    const value = dollarsToCents(text);
    return value === null || Number.isNaN(value) ? Number.NaN : value;
  };
  const amountCents = cents("amount");
  const penaltyCents = cents("penaltyAmount") ?? 0;
  if (amountCents === null || Number.isNaN(amountCents) || Number.isNaN(penaltyCents)) return null;
  // Nothing a city bill could be: not shown (and a 12-digit figure would not fit a phone's width).
  if (amountCents + penaltyCents > LINK_AMOUNT_CEILING_CENTS) return null;
  const yearText = query.get("accountYear")?.trim() ?? "";
  const year = /^20\d{2}$/.test(yearText) ? Number(yearText) : null;
  return { amountCents, penaltyCents, year };
}
