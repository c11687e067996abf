/**
 * The permits contract's plain values (no zod), so /permit-search does not load and build zod and
 * the schemas before its first paint (issue 12). `permits.ts` re-exports them.
 */

/** Permit search modes (spec 3 §9); Parcel Number is wired here (DESIGN.md, decisions). */
export const PERMIT_SEARCH_MODES = ["address", "applicationNumber", "parcelNumber", "name"] as const;
export type PermitSearchMode = (typeof PERMIT_SEARCH_MODES)[number];

/** The permit system's ErrorCode for success; any other code is shown to the visitor. */
export const PERMIT_OK = "0000";
/** The billing system's answer for a permit number it does not know (its 0500 series is the permit search's). */
export const PERMIT_NOT_FOUND = "0502";

/** Owner-name searches need this many characters: one letter matched 1,814 permits (issue 26, finding 11). */
export const PERMIT_OWNER_MIN_CHARS = 3;
/** Rows per page of a permit search. */
export const PERMIT_PAGE_SIZE = 25;
/** At most this many rows of one search are ever answered (8 pages); a longer list asks for a narrower search. */
export const PERMIT_SEARCH_MAX_RESULTS = 200;
