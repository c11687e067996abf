import { z } from "zod";

export { PERMIT_OK, PERMIT_SEARCH_MODES, type PermitSearchMode } from "./permit-constants";

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
    streetNumber: z
      .string()
      .trim()
      .max(10, { message: "TooLong" })
      .regex(/^[0-9A-Za-z-]*$/, { message: "Invalid" })
      .optional(),
    ownerName: text(80).optional(),
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
