import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ACTIVITIES } from "../../emulators/src/seed/activities.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { type PathName, paths } from "../../web/src/config/paths.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { axeViolations, launchChromium } from "../kit/browser.ts";
import { fillLoginForm } from "../kit/log-in.ts";
import {
  dialogsLosingFocus,
  englishOnSpanishPage,
  horizontalOverflow,
  rawKeys,
  recordDialogFocus,
  shownTexts,
} from "../kit/page-checks.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 28: every page of the route table, as each kind of visitor opens it, on a phone in Spanish
 * (390 × 844) and on a desktop in English (1280 × 900): the document no wider than the screen, no
 * English on a Spanish page (proper names allowed), no raw text key, axe clean, and focus kept
 * when a dialog closes. One browser; one signed-in context per visitor and language, reused for
 * all of its pages. The system alerts are left to show, as a first visit shows them.
 */

type Visitor = "anonymous" | "unverified" | "resident" | "organization" | "admin";

const named = city().seededActivities;
const resident = seededUser("resident");
/** A neighbour's open problem report: the resident opens its public page (issue 33). */
const neighboursOpenReport = city().activities.Case.find(
  (row) => !row.IsClosed && row.Service_Request_Type__c && row.ContactId !== resident.salesforceId,
);

/** Each page of `config/paths.ts`: who opens it (a visitor its access admits) and at which address. */
const PAGES: Record<PathName, { visitor: Visitor; path: string }> = {
  home: { visitor: "anonymous", path: paths.home.href() },
  login: { visitor: "anonymous", path: paths.login.href() },
  signup: { visitor: "anonymous", path: paths.signup.href() },
  resetPassword: { visitor: "anonymous", path: paths.resetPassword.href() },
  forgotPassword: { visitor: "anonymous", path: paths.forgotPassword.href() },
  search: { visitor: "anonymous", path: paths.search.href("water") },
  activityStart: { visitor: "anonymous", path: paths.activityStart.href() },
  openMobileApp: { visitor: "anonymous", path: paths.openMobileApp.href() },
  knowledgeBase: { visitor: "anonymous", path: paths.knowledgeBase.href() },
  knowledgeBaseArticle: {
    visitor: "anonymous",
    path: paths.knowledgeBaseArticle.href(city().knowledgeArticles[0]?.KnowledgeArticleId ?? ""),
  },
  ssoSaml: { visitor: "anonymous", path: paths.ssoSaml.href() },
  payment: { visitor: "anonymous", path: paths.payment.href() },
  paymentLink: { visitor: "anonymous", path: paths.paymentLink.href("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") },
  businessLicense: { visitor: "anonymous", path: paths.businessLicense.href() },
  permitSearch: { visitor: "anonymous", path: paths.permitSearch.href() },
  viewAllServices: { visitor: "anonymous", path: paths.viewAllServices.href() },
  cityNews: { visitor: "anonymous", path: paths.cityNews.href() },
  garbageSearch: { visitor: "anonymous", path: paths.garbageSearch.href() },
  boardsAndCommissions: { visitor: "anonymous", path: paths.boardsAndCommissions.href() },
  boardDetail: { visitor: "anonymous", path: paths.boardDetail.href(city().boards[0]?.Id ?? "") },
  addStoredPaymentMobile: { visitor: "anonymous", path: paths.addStoredPaymentMobile.href() },
  mobileWebViewBox: { visitor: "anonymous", path: paths.mobileWebViewBox.href() },
  // Public (issue 33): a signed-out visitor sees a neighbour's open report and is asked to sign in to follow it.
  reportCase: { visitor: "anonymous", path: paths.reportCase.href(String(neighboursOpenReport?.Id)) },
  // EnableCORE is off in the seed: the frame pages say the secure form is not in use.
  coreBillPayFrameUnauth: {
    visitor: "anonymous",
    path: `${paths.coreBillPayFrameUnauth.href()}?accountNumber=${BILLING_FIXTURES.goodAccount.accountNumber}&amount=38.98`,
  },

  verificationRequired: { visitor: "unverified", path: paths.verificationRequired.href() },

  accountCreate: { visitor: "resident", path: paths.accountCreate.href() },
  accountCreateAddress: { visitor: "resident", path: paths.accountCreateAddress.href() },
  accountCreateAccountInformation: { visitor: "resident", path: paths.accountCreateAccountInformation.href() },
  accountCreateBusinessInformation: { visitor: "resident", path: paths.accountCreateBusinessInformation.href() },
  dashboard: { visitor: "resident", path: paths.dashboard.href() },
  dashboardRecord: { visitor: "resident", path: paths.dashboardRecord.href(city().seededResidentUtilityAccount.Id) },
  account: { visitor: "resident", path: paths.account.href(resident.uid) },
  messages: { visitor: "resident", path: paths.messages.href() },
  inProgress: { visitor: "resident", path: paths.inProgress.href() },
  completedActivities: { visitor: "resident", path: paths.completedActivities.href() },
  activityView: { visitor: "resident", path: paths.activityView.href("Case", named.residentActionRequiredCase) },
  otherPermit: { visitor: "resident", path: paths.otherPermit.href() },
  businessApplication: { visitor: "resident", path: paths.businessApplication.href() },
  zoningInquiry: { visitor: "resident", path: paths.zoningInquiry.href() },
  counter: { visitor: "resident", path: paths.counter.href() },
  laserficheForm: { visitor: "resident", path: paths.laserficheForm.href() },
  paymentLpi: { visitor: "resident", path: paths.paymentLpi.href() },
  waterBillPaymentRecords: { visitor: "resident", path: paths.waterBillPaymentRecords.href() },
  paymentHistory: { visitor: "resident", path: paths.paymentHistory.href() },
  addStoredPayment: { visitor: "resident", path: paths.addStoredPayment.href() },
  coreBillPayFrame: {
    visitor: "resident",
    path: `${paths.coreBillPayFrame.href()}?accountNumber=${BILLING_FIXTURES.goodAccount.accountNumber}&amount=38.98`,
  },
  addOrganization: { visitor: "resident", path: paths.addOrganization.href() },
  report: { visitor: "resident", path: paths.report.href() },
  feedback: { visitor: "resident", path: paths.feedback.href() },
  recordLink: { visitor: "resident", path: paths.recordLink.href(city().seededResidentUtilityAccount.Id) },

  organizationManagement: { visitor: "organization", path: paths.organizationManagement.href() },

  activitiesAdmin: { visitor: "admin", path: paths.activitiesAdmin.href() },
  activityCreate: { visitor: "admin", path: paths.activityCreate.href() },
  activityEdit: { visitor: "admin", path: paths.activityEdit.href(SEEDED_ACTIVITIES[0]?.Id ?? "") },
  languagesAdmin: { visitor: "admin", path: paths.languagesAdmin.href() },
  languageEdit: { visitor: "admin", path: paths.languageEdit.href("es") },
  usersAdmin: { visitor: "admin", path: paths.usersAdmin.href() },
  userDetail: { visitor: "admin", path: paths.userDetail.href(resident.uid) },
  userView: { visitor: "admin", path: paths.userView.href(resident.uid) },
  userEdit: { visitor: "admin", path: paths.userEdit.href(resident.uid) },
  publicFields: { visitor: "admin", path: paths.publicFields.href() },
  systemAlerts: { visitor: "admin", path: paths.systemAlerts.href() },
  bulkPushNotifications: { visitor: "admin", path: paths.bulkPushNotifications.href() },
  delinquencyNotifications: { visitor: "admin", path: paths.delinquencyNotifications.href() },
  billingMaintenanceSettings: { visitor: "admin", path: paths.billingMaintenanceSettings.href() },
  featureFlagsAdmin: { visitor: "admin", path: paths.featureFlagsAdmin.href() },
  open311KeysAdmin: { visitor: "admin", path: paths.open311KeysAdmin.href() },
  auditTrail: { visitor: "admin", path: paths.auditTrail.href() },
  console: { visitor: "admin", path: paths.console.href() },
  consolePerson: { visitor: "admin", path: paths.consolePerson.href(resident.uid) },
  consoleReports: { visitor: "admin", path: paths.consoleReports.href() },
  financeExport: { visitor: "admin", path: paths.financeExport.href() },
  messageTemplates: { visitor: "admin", path: paths.messageTemplates.href() },
};

/**
 * The languages editor shows text keys and their groups by design (they are what it edits, each
 * named in its fields' labels): the raw-key and English checks do not apply to it.
 */
const SHOWS_KEYS: ReadonlySet<PathName> = new Set(["languageEdit"]);

type Finding = "overflow" | "raw key" | "English" | "dialog focus" | "axe";

/**
 * What issue 28 has not fixed yet, by page and look (`es <path>` or `en <path>`): findings of these
 * kinds are tolerated there, every other finding fails. Each entry is a known gap named in the
 * issue's closing note; remove it when its page is fixed. (Kinds, not texts: the suite guards the
 * other checks of these pages and every check of all other pages.)
 */
const KNOWN_GAPS: Partial<Record<string, readonly Finding[]>> = {
  // None left. The CRM's free texts (a staff message, a status note, the resident's description) are
  // shown as written and marked with the language they are in (platform/text-language.ts).
};

/** The signed-in visitors' accounts; the organization member acts for the seeded organization. */
const ACCOUNTS = {
  unverified: seededUser("unverified"),
  resident: seededUser("resident"),
  organization: seededUser("approver"),
  admin: seededUser("admin"),
} as const;

const LOOKS = [
  { language: "es", locale: "es-US", viewport: { width: 390, height: 844 } },
  { language: "en", locale: "en-US", viewport: { width: 1280, height: 900 } },
] as const;

/** What the page is doing: requests in flight, and when it last moved to another address or document. */
interface PageActivity {
  /** Resolves once no request has been in flight for a moment (or maxMs has passed). */
  quiet: (maxMs?: number) => Promise<void>;
  /** How many times the main frame has navigated (in the app or to a new document). */
  navigations: () => number;
}

/** Counts the page's requests in flight, to wait for a quiet network without networkidle's fixed 500 ms. */
function trackRequests(page: Page): PageActivity {
  let inFlight = 0;
  let lastChange = Date.now();
  let navigations = 0;
  const change = (delta: number) => {
    inFlight = Math.max(0, inFlight + delta);
    lastChange = Date.now();
  };
  page.on("request", () => change(1));
  page.on("requestfinished", () => change(-1));
  page.on("requestfailed", () => change(-1));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return {
    quiet: async (maxMs = 5_000) => {
      const start = Date.now();
      while (Date.now() - start < maxMs && (inFlight > 0 || Date.now() - lastChange < 250)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    navigations: () => navigations,
  };
}

/**
 * Waits until the page has its heading, nothing says it is loading and the network has been quiet
 * a moment (or the time is up: the checks then say what is wrong). A page that moves on while it
 * settles (a record link goes to /dashboard/{id}, then to /paymentLPI, which is loaded again as a
 * new document once the chat assistant is in the page) is waited for again where it arrives.
 */
async function settle(page: Page, activity: PageActivity): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const before = activity.navigations();
    await page
      .waitForFunction(
        () =>
          !!document.querySelector("h1") &&
          !document.querySelector('[aria-busy="true"], .app-loading') &&
          !/^(Loading|Cargando)/.test(document.querySelector("main")?.textContent?.trim() ?? ""),
        null,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await activity.quiet();
    await page.waitForLoadState("load");
    if (activity.navigations() === before) return;
  }
}

/**
 * Pages a visitor reaches from outside the app (a mail's link, the mobile app's web view, the
 * identity provider, a saved record link): opened as a new document, as they are in use.
 */
const DOCUMENT_PAGES: ReadonlySet<PathName> = new Set([
  "resetPassword",
  "ssoSaml",
  "openMobileApp",
  "addStoredPaymentMobile",
  "mobileWebViewBox",
  "recordLink",
]);

/**
 * Opens a page: as a new document, or inside the running app as a link does (the router follows
 * the address on popstate). Inside the app spares a whole app start and axe's injection per page:
 * about 270 app starts per run before. The dialog-focus record starts empty for each page.
 */
async function openPage(page: Page, path: string, asDocument: boolean): Promise<void> {
  if (asDocument) {
    await page.goto(`${stackInfo().portalUrl}${path}`);
    return;
  }
  await page.evaluate((target) => {
    (window as unknown as { __dialogFocusLog?: unknown[] }).__dialogFocusLog?.splice(0);
    // The page left behind keeps its heading until the next one renders: mark it, and take focus off
    // it, since the app gives the new page's heading focus after an in-app navigation.
    for (const heading of Array.from(document.querySelectorAll("h1"))) heading.setAttribute("data-left", "");
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    history.pushState(null, "", target);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await page
    .waitForFunction(
      () => !!document.querySelector("h1:not([data-left])") || document.activeElement?.tagName === "H1",
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** Closes the dialogs open on arrival with Escape, one after another; returns their titles. */
async function closeDialogs(page: Page): Promise<string[]> {
  const titles: string[] = [];
  for (let round = 0; round < 6; round++) {
    const dialog = page.locator("dialog[open]").first();
    if (!(await dialog.isVisible().catch(() => false))) break;
    titles.push((await dialog.locator("h2").first().textContent()) ?? "");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", timeout: 5_000 }).catch(() => undefined);
    // The next alert (or prompt) may follow once the first has gone.
    await page.waitForTimeout(300);
  }
  return titles;
}

async function signIn(context: BrowserContext, visitor: Exclude<Visitor, "anonymous">, language: "es" | "en") {
  const user = ACCOUNTS[visitor];
  // The language comes from the browser, as for a first visit (spec 1 §4), not from an earlier choice.
  const users = await testAdmin().db.collection("users").where("Email", "==", user.email).get();
  for (const doc of users.docs) await doc.ref.update({ Language: language, isLanguageOverwrittenByDropdown: false });
  if (visitor === "organization") {
    await context.addInitScript(
      (id: string) => localStorage.setItem("selectedOrganization", id),
      SEEDED_ORGANIZATION_ID,
    );
  }
  const page = await context.newPage();
  const activity = trackRequests(page);
  await page.goto(`${stackInfo().portalUrl}${paths.login.href()}`);
  await settle(page, activity);
  await closeDialogs(page);
  await fillLoginForm(page, user.email, undefined, language === "es" ? (es as typeof en) : en);
  await page.waitForURL((url) => url.pathname !== paths.login.href(), { timeout: 20_000 });
  await settle(page, activity);
  await closeDialogs(page);
  await page.close();
}

describe("every page, on a phone in Spanish and on a desktop in English", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists every page of the route table", () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(paths).sort());
  });

  for (const look of LOOKS) {
    for (const visitor of ["anonymous", "unverified", "resident", "organization", "admin"] as const) {
      const pages = (Object.keys(PAGES) as PathName[]).filter((name) => PAGES[name].visitor === visitor);
      describe(`${visitor}, ${look.language} at ${look.viewport.width} px`, () => {
        let context: BrowserContext;
        let page: Page;
        let activity: PageActivity;
        beforeAll(async () => {
          context = await browser.newContext({ viewport: look.viewport, locale: look.locale });
          await context.addInitScript(recordDialogFocus);
          if (visitor !== "anonymous") await signIn(context, visitor, look.language);
          page = await context.newPage();
          activity = trackRequests(page);
        });
        afterAll(async () => {
          await context?.close();
        });

        for (const name of pages) {
          const { path } = PAGES[name];
          it(`${path}`, async () => {
            await openPage(page, path, DOCUMENT_PAGES.has(name) || name === pages[0]);
            await settle(page, activity);
            await closeDialogs(page);
            const label = `${path} (${visitor}, ${look.language}, ${look.viewport.width} px; now at ${new URL(page.url()).pathname})`;
            expect(await page.locator("html").getAttribute("lang"), label).toBe(look.language);

            const problems: { kind: Finding; text: string }[] = [];
            const { overflow, widest } = await horizontalOverflow(page);
            if (overflow > 0)
              problems.push({
                kind: "overflow",
                text: `wider than the screen by ${overflow} px: ${widest.join("; ")}`,
              });
            const texts = await shownTexts(page);
            if (!SHOWS_KEYS.has(name)) {
              for (const key of rawKeys(texts)) problems.push({ kind: "raw key", text: key });
              if (look.language === "es")
                for (const text of englishOnSpanishPage(texts)) problems.push({ kind: "English", text });
            }
            for (const lost of await dialogsLosingFocus(page)) problems.push({ kind: "dialog focus", text: lost });
            for (const violation of await axeViolations(page)) problems.push({ kind: "axe", text: violation });
            const tolerated = KNOWN_GAPS[`${look.language} ${path}`] ?? [];
            const failing = problems.filter((problem) => !tolerated.includes(problem.kind));
            // What a known gap still shows, in the run's output: the list to work down.
            for (const problem of problems.filter((each) => tolerated.includes(each.kind)))
              console.info(`known gap, ${look.language} ${path}: ${problem.kind}: ${problem.text}`);
            expect(
              failing.map((problem) => `${problem.kind}: ${problem.text}`),
              label,
            ).toEqual([]);
          });
        }
      });
    }
  }
});
