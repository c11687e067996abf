import { z } from "zod";
import type { MessageCounts } from "./message-counts";

/** The uploaded file's text; a 50,000-row file is about 4 MB. */
export const DELINQUENCY_FILE_MAX_CHARS = 8_000_000;

export const ZDelinquencyFileInput = z.object({
  delinquencyData: z.string().min(1, "Required").max(DELINQUENCY_FILE_MAX_CHARS, "TooLong"),
});
export type DelinquencyFileInput = z.output<typeof ZDelinquencyFileInput>;

/** The columns a delinquency file has (header names, any case and spacing). */
export const DELINQUENCY_COLUMNS = ["Account Number", "Delinquent Amount", "Shutoff Date", "Address"] as const;

/** Page sizes of the summary's table (spec 3 §9), default 10. */
export const DELINQUENCY_PAGE_SIZES = [10, 20, 50, 100] as const;

/** A stored batch keeps its rows in documents of this many rows (a multiple of every page size). */
export const DELINQUENCY_ROWS_PER_CHUNK = 400;

/** The row-level errors (and dropped accounts) a stored batch lists; the counts say how many there are. */
export const DELINQUENCY_LISTED_MAX = 200;

/** The longest address kept; a longer one is cut and reported as a problem. */
export const DELINQUENCY_ADDRESS_MAX = 200;

/** The portal user who holds a row's account (spec 3 §3 Delinquency batch, Row). */
export interface DelinquencyUser {
  hasPortalAccount: boolean;
  userName: string;
  userId: string;
  userEmail: string;
  userPhone: string;
}

/** One row of the file as verified (spec 3 §3 Delinquency batch, Row). */
export interface DelinquencyRow {
  /** The file's row number (the header is row 1). */
  row: number;
  accountNumber: string;
  /** Integer cents. */
  delinquentAmountCents: number;
  /** YYYY-MM-DD. */
  shutoffDate: string;
  address: string;
  /** The user asked for shut-off warnings (notification settings). */
  phonePreference: boolean;
  user: DelinquencyUser | null;
  /** What is wrong with the row; a row with problems is not sent. */
  problems: string[];
  /** Left out at send time by the re-check with billing (stored batches only). */
  dropped?: DroppedAccount["reason"];
}

/** POST /api/notifications/delinquencies/verify's answer. */
export interface DelinquencySummary {
  counts: { rows: number; valid: number; invalid: number; withPortalUser: number };
  /** Every row (verify), or one page of them (a stored batch: see DelinquencyBatch.page). */
  rows: DelinquencyRow[];
  /** One line per problem, "row 12: account number missing" (a stored batch lists the first 200). */
  errors: string[];
  /** How many problems there are in all. */
  errorCount: number;
}

/** An account left out at send time, and why. */
export interface DroppedAccount {
  row: number;
  accountNumber: string;
  reason: "paid" | "autopay";
}

export type DelinquencyBatchStatus = "queued" | "sending" | "done";

/** A batch as GET /api/notifications/delinquencies answers it (spec 3 §3: Id, processed, createdAt, data). */
export interface DelinquencyBatch {
  Id: string;
  createdAt: string;
  processed: boolean;
  status: DelinquencyBatchStatus;
  /** Users who got the in-app message. */
  usersReached: number;
  sentAt: string | null;
  delivered: number;
  failed: number;
  /** The rows' page in data.summary.rows (GET /api/notifications/delinquencies/:id?page=&pageSize=). */
  page: { page: number; pageSize: number };
  /** How many accounts the re-check left out; data.dropped lists the first 200. */
  droppedCount: number;
  data: { summary: DelinquencySummary; dropped: DroppedAccount[] };
  /**
   * The batch's messages by channel (in-app, push, email, text) and status, as they stand now (they
   * move while the job sends and receipts come in; contract/message-counts.ts). Only on one batch's answer.
   */
  messages?: MessageCounts;
}

/** GET /api/notifications/delinquencies/:id's query: a page of the rows (View Details). */
export const ZDelinquencyPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (DELINQUENCY_PAGE_SIZES as readonly number[]).includes(size), "PageSize")
    .default(10),
});
