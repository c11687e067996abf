import { z } from "zod";

import { PERMIT_OWNER_MIN_CHARS, PERMIT_PAGE_SIZE, PERMIT_SEARCH_MAX_RESULTS } from "./permit-constants";

export {
  PERMIT_OK,
  PERMIT_OWNER_MIN_CHARS,
  PERMIT_PAGE_SIZE,
  PERMIT_SEARCH_MAX_RESULTS,
  PERMIT_SEARCH_MODES,
  type PermitSearchMode,
} from "./permit-constants";

/** A street number as typed in a search: digits, letters and hyphens (e.g. 150, 12A, 1-3). */
export const ZStreetNumber = z
  .string()
  .trim()
  .max(10, { message: "TooLong" })
  .regex(/^[0-9A-Za-z-]*$/, { message: "Invalid" });

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: "TooLong" })
    .regex(/^[\p{L}\p{N} .,'&-]*$/u, { message: "Invalid" });

/** GET /api/permits/search: a street name (and number), an owner name, or a parcel number. */
export const ZPermitSearchQuery = z
  .object({
    streetName: text(60).optional(),
    streetNumber: ZStreetNumber.optional(),
    ownerName: text(80).min(PERMIT_OWNER_MIN_CHARS, { message: "TooShort" }).optional(),
    /** 0-based page of PERMIT_PAGE_SIZE rows, within the first PERMIT_SEARCH_MAX_RESULTS. */
    page: z.coerce
      .number()
      .int()
      .min(0)
      .max(Math.ceil(PERMIT_SEARCH_MAX_RESULTS / PERMIT_PAGE_SIZE) - 1)
      .default(0),
    /** Kane County PIN, e.g. 06-14-126-012 (dashes optional). */
    parcelNumber: z
      .string()
      .trim()
      .regex(/^(\d{2}-?\d{2}-?\d{3}-?\d{3})?$/, { message: "Invalid" })
      .optional(),
  })
  .refine((query) => Boolean(query.streetName || query.ownerName || query.parcelNumber), {
    message: "Required",
    path: ["streetName"],
  });
export type PermitSearchQuery = z.infer<typeof ZPermitSearchQuery>;

/** GET /api/permits/:year/:number (spec 3 §5: both needed; the year defaults to this year in the form). */
export const ZPermitDetailParams = z.object({
  year: z.string().regex(/^(19|20)\d{2}$/, { message: "Invalid" }),
  number: z.string().regex(/^[0-9A-Za-z-]{1,12}$/, { message: "Invalid" }),
});

/**
 * GET /api/permits/search's answer: one page of the rows. `total` counts the rows reachable (at
 * most PERMIT_SEARCH_MAX_RESULTS); `capped` says the permit system matched more than that.
 */
export interface PermitSearchPage {
  rows: PermitRow[];
  page: number;
  pageSize: number;
  total: number;
  capped: boolean;
}

export interface PermitRow {
  ApplicationNumber: string;
  ApplicationYear: string;
  StreetNumber: string;
  StreetName: string;
  StreetSuffix: string;
  Name: string;
}

/** Permit detail (spec 3 §3); money in integer cents. A non-empty ErrorCode is shown in an alert. */
export interface PermitDetail {
  ErrorCode: string;
  Parcel: string;
  ApplicationDate: string;
  EstimatedValueCents: number;
  TenantName: string;
  TenantNumber: string;
  ZoneDesc: string;
  Address: string;
  Owner: string;
  ApplicationType: string;
  SquareFootage: number;
  ApplicationStatus: string;
  ContractorName: string;
}
