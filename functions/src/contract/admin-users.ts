import { z } from "zod";
import type { PortalUser } from "./user";

/** The users administration table's sortable columns (spec 3, admin users list). */
export const USER_SORT_FIELDS = ["Email", "FirstName", "LastName", "PhoneNumber", "SalesforceId"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_PAGE_SIZES = [25, 50, 75, 100] as const;
export const USER_SEARCH_MAX = 60;

/** users/{uid}'s field that a column sorts by: the value lower-cased, "" when there is none. */
export const SORT_FIELD_OF: Record<UserSortField, string> = {
  Email: "sortEmail",
  FirstName: "sortFirstName",
  LastName: "sortLastName",
  PhoneNumber: "sortPhoneNumber",
  SalesforceId: "sortSalesforceId",
};

/** Prefixes of a search term are indexed up to this many characters; longer terms match on them. */
export const SEARCH_PREFIX_MAX = 40;

/** The search term as it is looked up: trimmed, lower-cased, at most SEARCH_PREFIX_MAX characters. */
export const searchKeyOf = (term: string) => term.trim().toLowerCase().slice(0, SEARCH_PREFIX_MAX);

/**
 * The version of userSearchFields' output. Bump it when the fields or keys change: the backfill job
 * (jobs/user-search-backfill.job.ts) then rewrites every user's search fields once.
 */
export const USER_SEARCH_FIELDS_VERSION = 1;

type Searchable = Partial<Record<UserSortField, string | null | undefined>>;

/**
 * The top-level fields users/{uid} carries for the administration search (spec 3): the lower-cased
 * sort value of each column, and every prefix of the email, first and last name in `searchKeys`,
 * so one `array-contains` query finds a prefix of any of the three and still sorts by any column
 * and pages with cursors (prefix ranges on three fields cannot be one query in Firestore).
 */
export function userSearchFields(user: Searchable) {
  const lower = (value: string | null | undefined) => (value ?? "").trim().toLowerCase();
  const keys = new Set<string>();
  for (const value of [user.Email, user.FirstName, user.LastName]) {
    const text = lower(value).slice(0, SEARCH_PREFIX_MAX);
    for (let end = 1; end <= text.length; end++) keys.add(text.slice(0, end));
  }
  return {
    sortEmail: lower(user.Email),
    sortFirstName: lower(user.FirstName),
    sortLastName: lower(user.LastName),
    sortPhoneNumber: lower(user.PhoneNumber),
    sortSalesforceId: lower(user.SalesforceId),
    searchKeys: [...keys].sort(),
  };
}

/** GET /api/elastic-users (spec 3 §7): one page of the users table, paged with an opaque cursor. */
export const ZUserSearchQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size), { message: "Invalid" })
      .default(25),
    sortByField: z.enum(USER_SORT_FIELDS).default("LastName"),
    sortDirection: z.enum(["asc", "desc"]).default("asc"),
    searchTerm: z.string().max(USER_SEARCH_MAX).optional(),
    /** The previous page's `nextCursor`; without it the first page is answered. */
    cursor: z
      .string()
      .max(400)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .strict();
export type UserSearchQuery = z.infer<typeof ZUserSearchQuery>;

export interface AdminUserRow {
  Id: string;
  Email: string | null;
  FirstName: string | null;
  LastName: string | null;
  PhoneNumber: string | null;
  SalesforceId: string | null;
  Admin: boolean;
}

export interface UserSearchPage {
  data: AdminUserRow[];
  total: number;
  totalPages: number;
  pageNumber: number;
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** GET /api/users/activity-history/{id}: one userEvents record as the admin user view shows it. */
export interface UserEventRow {
  Id: string;
  Event: string;
  CreatedAt: string | null;
  ipAddress: string | null;
  userAgent: string;
  platform: string | null;
  /** CreateActivity only: the catalogue action, the catalogue service's id, its English name, or a text key naming it. */
  Action: string | null;
  Item: string | null;
  ItemName: string | null;
  ItemKey: string | null;
  /** Other events: their data, shown raw. */
  Data: Record<string, unknown> | null;
}

/** GET /api/users/payment-history/{id}: the user's water-bill payments, newest first. */
export interface AdminPaymentRow {
  id: string;
  paymentDate: string;
  /** customerId-locationId */
  accountNumber: string;
  amountCents: number;
}

/** GET /api/users/payment-settings/{id}: the user's water accounts with their autopay, and stored cards. */
export interface AdminPaymentSettings {
  accounts: {
    customerId: string;
    locationId: string;
    serviceAddress: string | null;
    autopay: { autopayId: string; status: string; paymentProfileId: string | null } | null;
  }[];
  paymentMethods: {
    Id: string;
    MaskedAccountNumber: string;
    Type: "card" | "bank";
    ProfileDescription: string;
    Default: boolean;
    /** Pays an autopay of one of the user's accounts. */
    UsedByAutopay: boolean;
  }[];
}

/** The admin edit form's fields (spec 3 admin user edit); the Admin switch is sent with them. */
export const ADMIN_EDIT_FIELDS = ["FirstName", "LastName", "PhoneNumber", "SalesforceId"] as const;

/** GET /api/users/profile/{id} as an admin sees it: who last switched Admin, and when. */
export interface AdminUserDetail
  extends Pick<
    PortalUser,
    | "Id"
    | "FirstName"
    | "LastName"
    | "Email"
    | "PhoneNumber"
    | "Admin"
    | "Staff"
    | "Verified"
    | "ProfilePictureUrl"
    | "SalesforceId"
    | "created_at"
  > {
  AdminChangedBy: string | null;
  AdminChangedAt: string | null;
}
