/**
 * What `npm run bench` measures, as data: later work adds a row here (a page, an API route group,
 * a journey) and the bench measures, prints and records it with the rest.
 */
import type { Page } from "playwright-core";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { BILLING_FIXTURES, buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import { crmId } from "../../emulators/src/seed/city-ids.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import type { PrincipalKey } from "../kit/principals.ts";

/** A page audited by Lighthouse (mobile): JS transferred, performance, LCP, CLS, TBT, accessibility. */
export interface BenchPage {
  path: string;
  /** Audited signed in as this seeded user (the session is kept, the HTTP cache cleared). */
  signedInAs?: PrincipalKey;
  /** Goals beyond every page's (performance ≥ 90, CLS ≤ 0.1). */
  goals?: { jsKb?: number; tbtMs?: number };
}

export const PAGES: BenchPage[] = [
  { path: "/", goals: { jsKb: 185, tbtMs: 200 } },
  { path: "/login" },
  { path: "/view-all-services" },
  { path: "/garbage-search" },
  { path: "/permit-search" },
  { path: "/elgin_today" },
  { path: "/knowledgebase" },
  // Issue 16's public pages: boards (a board with vacancies, the Heritage Commission) and site search.
  { path: "/boards-and-commissions" },
  { path: `/boards-and-commissions/${crmId("Boards_Commissions__c", 2)}` },
  { path: "/search?term=pothole" },
  { path: "/dashboard", signedInAs: "resident" },
  { path: "/payment" },
  { path: "/businesslicense" },
];

/** An API route group loaded by autocannon at 1 and 20 connections; its requests are sent in turn. */
export interface BenchRouteGroup {
  name: string;
  /** Sent with this seeded user's ID token; `{uid}` in a path stands for the user's uid. */
  signedInAs?: PrincipalKey;
  /**
   * `body` is sent as JSON, `form` form-encoded (`{open311Key}` in it is the bench's own Open311 key);
   * `{n}` in either becomes a new text for every request, so each is new to the server.
   */
  /**
   * Send this many requests at each load level instead of loading for the bench's 10 seconds: for a
   * public route whose throttle (production's, not configurable) counts by client address and would
   * answer the bench's one address 429 after fewer requests than 10 seconds send.
   */
  requestsPerLevel?: number;
  requests: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    path: string;
    body?: unknown;
    form?: [string, string][];
  }[];
}

export const ROUTE_GROUPS: BenchRouteGroup[] = [
  // The goal rows (activities, feature flags), apart from the texts, which read the whole
  // translations collection on each request and would otherwise decide the group's p95.
  {
    name: "catalogue",
    requests: [{ path: "/api/activities" }, { path: "/api/featureflags" }, { path: "/api/i18n/languages" }],
  },
  { name: "texts", requests: [{ path: "/api/i18n/processed/en/translation" }] },
  { name: "users", signedInAs: "resident", requests: [{ path: "/api/auth" }] },
  {
    name: "notifications",
    signedInAs: "resident",
    requests: [{ path: "/api/notifications" }, { path: "/api/systemAlerts" }],
  },
  { name: "salesforce (CRM)", signedInAs: "resident", requests: [{ path: "/api/salesforce/inProgress" }] },
  {
    name: "payment (billing)",
    signedInAs: "resident",
    requests: [{ path: "/api/naviline/paymentInformation?userId={uid}" }, { path: "/api/paymentMaintenanceInfo" }],
  },
  { name: "public (feeds)", requests: [{ path: "/api/feeds/news" }, { path: "/api/feeds/events" }] },
  // Issue 30: Open311 as FixMyStreet calls it: the services list in XML, and new requests filed as
  // CRM cases (each one distinct, so each is a filing through the outbox, not a replay).
  // open311-read allows 600 per client address per 10 minutes (README's throttle table): 250 at each
  // level and the warm-up stay under it; at 10 seconds the bench sent about 520 at 1 connection alone (52/s)
  // and got 371 answers of 429 at 20 (npm run bench, 2026-11-29).
  {
    name: "open311 GET /services.xml",
    requestsPerLevel: 250,
    requests: [{ path: "/open311/v2/services.xml" }],
  },
  {
    name: "open311 POST /requests.json",
    requests: [
      {
        method: "POST",
        path: "/open311/v2/requests.json",
        form: [
          ["api_key", "{open311Key}"],
          ["service_code", "missedCollection"],
          ["lat", "42.0372"],
          ["long", "-88.2812"],
          ["description", "Bench: a missed collection filed through Open311 ({n})"],
          ["attribute[collectionType]", "REFUSE"],
          ["attribute[collectionType]", "RECYCLING"],
          ["media_url", "https://www.fixmystreet.example/photo/1.jpeg"],
          ["media_url", "https://www.fixmystreet.example/photo/2.jpeg"],
        ],
      },
    ],
  },
];

/** The static file whose throughput is the ceiling the route groups are compared with. */
export const STATIC_CEILING_PATH = "/runtime-config.js";

/**
 * A page journey: API calls (seen by the browser), CRM and billing calls (the sandboxes' counters)
 * and time to network idle, counted from the start of `run` to network idle. Journeys run in this
 * order in one browser session, first thing after the stack starts.
 */
export interface BenchJourney {
  name: string;
  goals?: { apiCalls?: number; apiCallsWaiting?: number; crmCalls?: number; msToNetworkIdle?: number };
  /** Steps before counting starts. */
  prepare?: (page: Page, steps: JourneySteps) => Promise<void>;
  run: (page: Page, steps: JourneySteps) => Promise<void>;
}

export interface JourneySteps {
  url: (path: string) => string;
  /** Fills and sends the /login form already on screen as a seeded user. */
  submitLogin: (user: PrincipalKey) => Promise<void>;
}

export const JOURNEYS: BenchJourney[] = [
  {
    // Signing in lands on the dashboard: the first dashboard after start, with every cache cold.
    name: "/dashboard cold",
    goals: { crmCalls: 6, msToNetworkIdle: 4000 },
    prepare: async (page, { url }) => {
      await page.goto(url("/login"), { waitUntil: "networkidle" });
    },
    run: async (page, { submitLogin }) => {
      await submitLogin("resident");
      await page.waitForURL((address) => address.pathname === "/dashboard", { timeout: 60_000 });
    },
  },
  {
    name: "/dashboard warm",
    goals: { apiCalls: 8, apiCallsWaiting: 0, crmCalls: 1, msToNetworkIdle: 1500 },
    run: async (page, { url }) => {
      await page.goto(url("/dashboard"));
    },
  },
  {
    // Calls per payment and the submit's time: from pressing Pay (card already in the frame) to the
    // confirmation. The account is paid earlier in the run, so Pay again? is answered on the way.
    name: "guest payment submit",
    prepare: async (page, { url }) => {
      // The dashboard journeys left the resident signed in: a guest pays signed out (signed in,
      // /payment offers the saved cards instead of the card frame).
      await page.locator(".user-menu__button").click();
      await page.getByRole("button", { name: en.Header.Logout, exact: true }).click();
      await page.getByRole("banner").getByRole("link", { name: en.Header.Login }).waitFor();
      await page.goto(url("/payment"), { waitUntil: "networkidle" });
      await page.getByLabel("Customer ID").fill(BILLING_FIXTURES.goodAccount.accountNumber);
      await page.getByRole("button", { name: "Look up account" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      const frame = page.frameLocator("iframe.payment-frame");
      await frame.getByLabel("Name on card").fill("Pat Guest");
      await frame.getByLabel("Card number").fill(TEST_CARDS.approves);
      await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
      await frame.getByLabel("Security code (CVV)").fill("123");
      await frame.getByLabel("Billing ZIP code").fill("60120");
      await frame.getByRole("button", { name: "Use this card" }).click();
      await page.getByText("Visa card ending in 1111 is ready.").waitFor();
    },
    run: async (page) => {
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      const payAgain = page.getByRole("button", { name: "Yes, pay again" });
      const done = page.getByRole("heading", { name: "Payment complete" });
      await done.or(payAgain).first().waitFor({ timeout: 60_000 });
      if (await payAgain.isVisible()) await payAgain.click();
      await done.waitFor({ timeout: 60_000 });
    },
  },
];

/**
 * Payment submits (issue 13 "submit p95, calls per payment"): POST /api/payment sent `submits`
 * times on `connections` connections, each with its own Idempotency-Key (so each one charges), and
 * each paying with a nonce minted at the gateway sandbox beforehand (as its hosted card form mints
 * one per card typed) or with a saved card. Each row's calls per payment are the sandboxes'
 * request counters over its submits. The submit throttles are production's and not configurable
 * (PAYMENT_THROTTLES: 100 per caller and 300 per client address per 15 minutes, a guest's caller
 * being their address), so the rows stay under them: 80 guest submits (plus the guest journey's
 * one) and 200 in all (40 of them permit fees paid by a second resident), every one from the
 * bench's one address.
 */
export interface BenchPaymentSubmit {
  name: string;
  /** Sent with this seeded user's ID token; a guest otherwise. */
  signedInAs?: PrincipalKey;
  /**
   * The utility accounts paid (customerId-locationId), one per connection: a bill is claimed while it is
   * being paid (two tabs never pay one bill at once; a second submit meanwhile is 409), so parallel
   * submits pay different bills, each connection its own. The amount is the bill's amount due, at least $1.
   */
  accountNumbers: string[];
  /**
   * Issue 32: instead, each submit pays the fee of a case of the signed-in user's own, filed in
   * "Pending Payment" before timing ($75.00 in two fee lines, PERMIT): the fee is read from the CRM,
   * claimed, charged, and the case marked paid.
   */
  permitFee?: boolean;
  /** A fresh hosted-form nonce per submit, or one of the caller's saved profiles. */
  pay: "nonce" | { paymentProfileId: string };
  connections: number;
  submits: number;
}

/** `count` seeded utility accounts that owe something, `first` leading (stable across starts: the seed is seeded). */
function billsToPay(first: string, count: number): string[] {
  const others = buildBillingSeed()
    .accounts.filter((account) => account.standing !== "credit" && account.autopay === null)
    .map((account) => `${account.customerId}-${account.locationId}`)
    .filter((accountNumber) => accountNumber !== first);
  return [first, ...others.slice(0, count - 1)];
}

export const PAYMENT_SUBMITS: BenchPaymentSubmit[] = [
  {
    name: "guest, card nonce",
    accountNumbers: billsToPay(BILLING_FIXTURES.delinquentAccount.accountNumber, 1),
    pay: "nonce",
    connections: 1,
    submits: 40,
  },
  {
    name: "guest, card nonce",
    accountNumbers: billsToPay(BILLING_FIXTURES.delinquentAccount.accountNumber, 4),
    pay: "nonce",
    connections: 4,
    submits: 40,
  },
  {
    name: "resident, saved card",
    signedInAs: "resident",
    accountNumbers: billsToPay(BILLING_FIXTURES.goodAccount.accountNumber, 1),
    // The seeded resident's card at the legacy gateway.
    pay: { paymentProfileId: "9100000000000001" },
    connections: 1,
    submits: 40,
  },
  {
    name: "resident, saved card",
    signedInAs: "resident",
    accountNumbers: billsToPay(BILLING_FIXTURES.goodAccount.accountNumber, 4),
    pay: { paymentProfileId: "9100000000000001" },
    connections: 4,
    submits: 40,
  },
  // Another resident: the saved-card rows use up most of the resident's 100 submits per 15 minutes.
  {
    name: "permit fee, card nonce",
    signedInAs: "resident2",
    accountNumbers: [],
    permitFee: true,
    pay: "nonce",
    connections: 1,
    submits: 20,
  },
  {
    name: "permit fee, card nonce",
    signedInAs: "resident2",
    accountNumbers: [],
    permitFee: true,
    pay: "nonce",
    connections: 4,
    submits: 20,
  },
];

/**
 * Refunds (issue 32 "Refunds"): an admin refunds part of a card payment, as the admin user view does:
 * the form's read of what is left to refund (GET, untimed, as the form opens), then the refund (POST
 * with its own Idempotency-Key, timed). Each refund has a payment of its own, made by the admin with a
 * card nonce before anything is counted or timed (the admin is a caller of its own, so the payment
 * throttle's 100 per caller stays untouched by the submit rows; 40 more from the bench's address keep
 * it under 300). Calls per refund are the sandboxes' counters over both requests.
 */
export interface BenchRefund {
  name: string;
  /** The utility account the payments to refund pay (customerId-locationId). */
  accountNumber: string;
  /** What each refund gives back of its payment, in cents. */
  refundCents: number;
  connections: number;
  refunds: number;
}

export const REFUNDS: BenchRefund[] = [
  {
    name: "admin, part of a card payment",
    accountNumber: BILLING_FIXTURES.goodAccount.accountNumber,
    refundCents: 100,
    connections: 1,
    refunds: 20,
  },
  {
    name: "admin, part of a card payment",
    accountNumber: BILLING_FIXTURES.goodAccount.accountNumber,
    refundCents: 100,
    connections: 4,
    refunds: 20,
  },
];
