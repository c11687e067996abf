import { z } from "zod";
import type { DashboardActivity } from "./case-status";
import { type PaymentResult, ZAmountCents, ZCardNonce } from "./payment";
import { ZReportData } from "./reports";

/**
 * The staff console (issue 31): city staff find a person and serve them. Every console route is
 * `staff` (staff and admins); each read of a person's data and each action for them is in the
 * audit trail.
 */

export const PERSON_SEARCH_KINDS = ["name", "email", "phone", "account", "case"] as const;
export type PersonSearchKind = (typeof PERSON_SEARCH_KINDS)[number];

/** A water account as a person reads it off a bill: customer and location ids. */
export const WATER_ACCOUNT_PATTERN = /^(\d{1,12})-(\d{1,12})$/;

/** GET /api/console/people?by=&q= */
export const ZPersonSearchQuery = z
  .object({
    by: z.enum(PERSON_SEARCH_KINDS),
    q: z.string().trim().min(2, "TooShort").max(120, "Invalid"),
  })
  .strict()
  .superRefine((query, ctx) => {
    const digits = query.q.replace(/\D/g, "");
    const bad = () => ctx.addIssue({ code: "custom", path: ["q"], message: "Invalid" });
    if (query.by === "phone" && !(digits.length === 10 || (digits.length === 11 && digits.startsWith("1")))) bad();
    if (query.by === "account" && !WATER_ACCOUNT_PATTERN.test(query.q)) bad();
    if (query.by === "case" && !/^[A-Za-z0-9-]{1,40}$/.test(query.q)) bad();
    if (query.by === "email" && !/^[^\s@]+@[^\s@]+$/.test(query.q)) bad();
  });
export type PersonSearchQuery = z.infer<typeof ZPersonSearchQuery>;

/** The console's search form: the same fields, with the browser's values. */
export const ZPersonSearchForm = ZPersonSearchQuery;

export interface PersonMatch {
  uid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

export interface PersonSearchAnswer {
  people: PersonMatch[];
}

/** A water account linked to the person, with what it owes now (null when the billing system did not answer). */
export interface PersonAccount {
  customerId: string;
  locationId: string;
  serviceAddress: string | null;
  amountDueCents: number | null;
  dueDate: string | null;
}

export interface PersonPayment {
  id: string;
  at: string | null;
  paymentType: string;
  accountNumber: string;
  amountCents: number;
  state: string;
  maskedCardNumber: string | null;
  /** The staff member who took it for the person (by phone), or null when she paid herself. */
  assistedBy: string | null;
}

export interface PersonMessage {
  id: string;
  at: string | null;
  channel: string;
  template: string;
  subject: string;
  /** The language the subject is written in (the recipient's): the staff page marks it so (WCAG 3.1.2). */
  language: "en" | "es" | "en,es";
  status: string;
  reason: string | null;
}

export interface PersonOrganization {
  organizationId: string;
  name: string | null;
  role: string;
  verified: boolean;
}

/** GET /api/console/people/{uid}: what staff see of a person. A section a city system could not answer is null. */
export interface PersonView {
  profile: {
    uid: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    textPhone: string | null;
    language: string | null;
    crmContactId: string | null;
    address: string | null;
  };
  accounts: PersonAccount[] | null;
  cases:
    | Pick<
        DashboardActivity,
        "id" | "type" | "caseNumber" | "activityName" | "catalogueId" | "status" | "statusInformation" | "lastModified"
      >[]
    | null;
  payments: PersonPayment[];
  messages: PersonMessage[];
  organizations: PersonOrganization[];
}

/**
 * Who a report staff file is from (issue 31): the person (the case is theirs and they are told its
 * number), nobody (anonymous: the case names no one) or the city itself.
 */
export const ASSISTED_REPORT_FILERS = ["person", "anonymous", "city"] as const;
export type AssistedReportFiler = (typeof ASSISTED_REPORT_FILERS)[number];

/** POST /api/console/people/{uid}/reports: a report filed for the person, without photos. */
export const ZAssistedReportBody = z
  .object({
    filedAs: z.enum(ASSISTED_REPORT_FILERS, { message: "Invalid" }),
    report: ZReportData,
  })
  .strict();
export type AssistedReportBody = z.input<typeof ZAssistedReportBody>;

/** The answer of an action staff took for a person: what happened, and who is marked as having assisted. */
export interface AssistedAnswer {
  assistedBy: string;
}

/** A message sent again for the person: its new id and its status as the provider answered. */
export interface ResentMessage extends AssistedAnswer {
  messageId: string;
  status: string;
}

/**
 * POST /api/console/people/{uid}/payments (issue 31): a water bill paid by phone (MOTO). Staff type
 * the caller's card in the gateway's hosted form, which answers a one-time nonce: the card number
 * never reaches the portal. Sent with an Idempotency-Key, claimed and charged as the resident's own
 * payment is; "Pay again?" as on /payment.
 */
export const ZPhonePaymentBody = z
  .object({
    accountNumber: z.string().trim().regex(WATER_ACCOUNT_PATTERN, { message: "Invalid" }),
    amountCents: ZAmountCents,
    nonce: ZCardNonce,
    confirmPayAgain: z.boolean().default(false),
  })
  .strict();
export type PhonePaymentBody = z.input<typeof ZPhonePaymentBody>;

/** The payment's result (its receipt), and who took it. */
export type PhonePaymentAnswer = PaymentResult & AssistedAnswer;
