import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { ReactNode } from "react";
import { matchPath, Navigate, type RouteObject } from "react-router-dom";
import { AppLoading } from "@/components/layout/app-loading";
import { type PathName, paths } from "@/config/paths";
import type { SignInStage } from "@/lib/auth/auth-state";
import { loadTextArea } from "@/lib/i18n";
import type { TextArea } from "@/locales/areas";
import { Component as HomePage } from "./routes/home";

type PageModule = { Component: React.ComponentType };

/**
 * Who may open a page, by sign-in stage (spec 1 §2.1). The API declares access per route; the
 * pages do the same here, and each stage's router is derived from this table.
 */
const ACCESS = {
  /** Every visitor, also in the middle of account creation. */
  public: ["anonymous", "unverified", "noCrm", "onboarded"],
  /** Open without an account, but an account being created must be finished first. */
  guest: ["anonymous", "unverified", "onboarded"],
  /**
   * Open without an account; someone signed in must be through account creation first (a report's
   * public page, issue 33: what she does there, Follow, needs it).
   */
  publicOrOnboarded: ["anonymous", "onboarded"],
  /** Signing in and its recovery: gone once the user is through. */
  signedOut: ["anonymous", "unverified"],
  unverified: ["unverified"],
  /** The wizard: the first visit after verifying, and later to add accounts. */
  accountCreation: ["noCrm", "onboarded"],
  onboarded: ["onboarded"],
  /** Reports are filed by a person (spec 3). */
  personal: ["onboarded"],
  /** Organization management needs an organization (spec 3). */
  organization: ["onboarded"],
  /** Registered for every onboarded user; only the sidebar is limited to admins (spec 3). */
  admin: ["onboarded"],
  /** The staff console (issue 31): as admin pages, the API refuses everyone but staff and admins. */
  staff: ["onboarded"],
} as const satisfies Record<string, readonly SignInStage[]>;

type PageAccess = keyof typeof ACCESS;

/** A page: who may open it and how it loads (every page but home is its own chunk). */
type PageRow =
  | { access: PageAccess; load: () => Promise<PageModule> }
  | { access: PageAccess; Component: React.ComponentType }
  | { access: PageAccess; redirectTo: string };

/** Every page of the portal, one row each; its path is in `config/paths.ts`. */
const PAGES = {
  home: { access: "public", Component: HomePage },
  search: { access: "public", load: () => import("./routes/search") },
  knowledgeBase: { access: "public", load: () => import("./routes/knowledge-base") },
  knowledgeBaseArticle: { access: "public", load: () => import("./routes/knowledge-base-article") },
  openMobileApp: { access: "public", load: () => import("./routes/open-mobile-app") },
  cityNews: { access: "public", load: () => import("./routes/city-news") },
  mobileWebViewBox: { access: "public", load: () => import("./routes/mobile-web-view-box") },

  login: { access: "signedOut", load: () => import("./routes/login") },
  signup: { access: "signedOut", load: () => import("./routes/signup") },
  resetPassword: { access: "signedOut", load: () => import("./routes/reset-password") },
  forgotPassword: { access: "signedOut", load: () => import("./routes/forgot-password") },
  addStoredPaymentMobile: { access: "signedOut", load: () => import("./routes/add-stored-payment-mobile") },

  activityStart: { access: "guest", load: () => import("./routes/activity-start") },
  ssoSaml: { access: "guest", load: () => import("./routes/sso-saml") },
  payment: { access: "guest", load: () => import("./routes/payment") },
  // The hosted bill-pay frame on a page of its own (spec 2 §7): the mobile app's web view opens it.
  coreBillPayFrameUnauth: { access: "guest", load: () => import("./routes/core-bill-pay-frame") },
  businessLicense: { access: "guest", load: () => import("./routes/business-license") },
  permitSearch: { access: "guest", load: () => import("./routes/permit-search") },
  viewAllServices: { access: "guest", load: () => import("./routes/view-all-services") },
  garbageSearch: { access: "guest", load: () => import("./routes/garbage-search") },
  boardsAndCommissions: { access: "guest", load: () => import("./routes/boards-and-commissions") },
  boardDetail: { access: "guest", load: () => import("./routes/board-detail") },

  verificationRequired: { access: "unverified", load: () => import("./routes/verification-required") },

  // The spec's base path of the wizard starts at its first step.
  accountCreate: { access: "accountCreation", redirectTo: paths.accountCreateAddress.path },
  accountCreateAddress: { access: "accountCreation", load: () => import("./routes/account-create-address") },
  accountCreateAccountInformation: {
    access: "accountCreation",
    load: () => import("./routes/account-create-account-information"),
  },
  accountCreateBusinessInformation: {
    access: "accountCreation",
    load: () => import("./routes/account-create-business-information"),
  },

  dashboard: { access: "onboarded", load: () => import("./routes/dashboard") },
  dashboardRecord: { access: "onboarded", load: () => import("./routes/dashboard") },
  account: { access: "onboarded", load: () => import("./routes/account") },
  messages: { access: "onboarded", load: () => import("./routes/messages") },
  inProgress: { access: "onboarded", load: () => import("./routes/in-progress") },
  completedActivities: { access: "onboarded", load: () => import("./routes/completed-activities") },
  activityView: { access: "onboarded", load: () => import("./routes/activity-view") },
  otherPermit: { access: "onboarded", load: () => import("./routes/other-permit") },
  businessApplication: { access: "onboarded", load: () => import("./routes/business-application") },
  zoningInquiry: { access: "onboarded", load: () => import("./routes/zoning-inquiry") },
  counter: { access: "onboarded", load: () => import("./routes/counter") },
  laserficheForm: { access: "onboarded", load: () => import("./routes/laserfiche-form") },
  paymentLpi: { access: "onboarded", load: () => import("./routes/payment-lpi") },
  waterBillPaymentRecords: { access: "onboarded", load: () => import("./routes/water-bill-payment-records") },
  paymentHistory: { access: "onboarded", load: () => import("./routes/payment-history") },
  addStoredPayment: { access: "onboarded", load: () => import("./routes/add-stored-payment") },
  coreBillPayFrame: { access: "onboarded", load: () => import("./routes/core-bill-pay-frame") },
  addOrganization: { access: "onboarded", load: () => import("./routes/add-organization") },

  report: { access: "personal", load: () => import("./routes/report") },
  feedback: { access: "personal", load: () => import("./routes/feedback") },
  // Anyone sees a report's public facts (as Open311 tells them); following is the resident's own, in any
  // organization context, and a signed-out visitor who presses Follow signs in and comes back.
  reportCase: { access: "publicOrOnboarded", load: () => import("./routes/report-case") },
  organizationManagement: { access: "organization", load: () => import("./routes/organization-management") },

  activitiesAdmin: { access: "admin", load: () => import("./routes/activities-admin") },
  activityCreate: { access: "admin", load: () => import("./routes/activity-create") },
  activityEdit: { access: "admin", load: () => import("./routes/activity-edit") },
  languagesAdmin: { access: "admin", load: () => import("./routes/languages-admin") },
  languageEdit: { access: "admin", load: () => import("./routes/language-edit") },
  usersAdmin: { access: "admin", load: () => import("./routes/users-admin") },
  userDetail: { access: "admin", load: () => import("./routes/user-detail") },
  userView: { access: "admin", load: () => import("./routes/user-view") },
  userEdit: { access: "admin", load: () => import("./routes/user-edit") },
  publicFields: { access: "admin", load: () => import("./routes/public-fields") },
  systemAlerts: { access: "admin", load: () => import("./routes/system-alerts") },
  bulkPushNotifications: { access: "admin", load: () => import("./routes/bulk-push-notifications") },
  delinquencyNotifications: { access: "admin", load: () => import("./routes/delinquency-notifications") },
  billingMaintenanceSettings: { access: "admin", load: () => import("./routes/billing-maintenance-settings") },
  featureFlagsAdmin: { access: "admin", load: () => import("./routes/feature-flags-admin") },
  open311KeysAdmin: { access: "admin", load: () => import("./routes/open311-keys") },
  auditTrail: { access: "admin", load: () => import("./routes/audit-trail") },
  console: { access: "staff", load: () => import("./routes/console") },
  consolePerson: { access: "staff", load: () => import("./routes/console-person") },
  consoleReports: { access: "staff", load: () => import("./routes/console-reports") },
  paymentLink: { access: "public", load: () => import("./routes/payment-link") },
  financeExport: { access: "admin", load: () => import("./routes/finance-export") },
  messageTemplates: { access: "admin", load: () => import("./routes/message-templates") },

  // Last: a static path of any page wins; only a record id goes on to /dashboard/{RecordId}.
  recordLink: { access: "onboarded", load: () => import("./routes/record-link") },
} satisfies Partial<Record<PathName, PageRow>>;

type PageName = keyof typeof PAGES;

/** Texts only the pages of an access level show (`locales/areas.ts`): they load with the page's chunk. */
const TEXTS_OF_ACCESS: Partial<Record<PageAccess, TextArea[]>> = {
  accountCreation: ["signedIn"],
  onboarded: ["signedIn"],
  // The report texts (`Report`) are in the signed-in area.
  publicOrOnboarded: ["signedIn"],
  personal: ["signedIn"],
  organization: ["signedIn"],
  admin: ["admin", "signedIn"],
  staff: ["admin", "signedIn"],
};

/** A lazy page's chunk, and the texts of its areas, before it renders (no key shown for a text). */
function loadPage(row: { access: PageAccess; load: () => Promise<PageModule> }): Promise<PageModule> {
  const areas = TEXTS_OF_ACCESS[row.access] ?? [];
  if (areas.length === 0) return row.load();
  return Promise.all([row.load(), ...areas.map(loadTextArea)]).then(([module]) => module);
}

export const DEFAULT_REDIRECT: Record<SignInStage, string> = {
  anonymous: paths.home.path,
  unverified: paths.verificationRequired.path,
  noCrm: paths.accountCreate.path,
  onboarded: paths.home.path,
};

export interface RouteTableOptions {
  selectedOrganization: string;
}

/** Whether a page's access lets this stage (and organization context) open it. */
function allows(access: PageAccess, stage: SignInStage, { selectedOrganization }: RouteTableOptions): boolean {
  if (!(ACCESS[access] as readonly SignInStage[]).includes(stage)) return false;
  const isPersonal = selectedOrganization === PERSONAL_ORGANIZATION;
  if (access === "personal") return isPersonal;
  if (access === "organization") return !isPersonal;
  return true;
}

/** The pages a sign-in stage may open (spec 1 §2.1); organization-dependent ones included. */
export function pagesFor(stage: SignInStage, options: RouteTableOptions): PageName[] {
  return (Object.keys(PAGES) as PageName[]).filter((page) => allows(PAGES[page].access, stage, options));
}

function routeFor(page: PageName): RouteObject {
  const row: PageRow = PAGES[page];
  const path = paths[page].path;
  if ("redirectTo" in row) return { path, element: <Navigate to={row.redirectTo} replace /> };
  if ("Component" in row)
    return path === "/" ? { index: true, Component: row.Component } : { path, Component: row.Component };
  return { path, lazy: () => loadPage(row) };
}

/**
 * Starts loading the chunk of the page at `pathname` now, while the app starts (texts, Firebase,
 * GET /api/auth), instead of after the router has been built: a signed-in page opened directly waits
 * for GET /api/auth before its route table exists. The router's `lazy` gets the same module.
 */
export function preloadPageAt(pathname: string): void {
  for (const page of Object.keys(PAGES) as PageName[]) {
    const row: PageRow = PAGES[page];
    if (!("load" in row) || !matchPath(paths[page].path, pathname)) continue;
    // A failure here is the router's to show when it loads the page itself.
    void loadPage(row).catch(() => undefined);
    return;
  }
}

/**
 * The route table of one sign-in stage, under the given layout. Paths outside the table go
 * to the stage's default page, so a signed-out visitor on /dashboard lands on /.
 */
export function routesFor(stage: SignInStage, options: RouteTableOptions, layout: ReactNode): RouteObject[] {
  return [
    {
      path: "/",
      element: layout,
      // Shown while the first page's chunk loads on a deep link.
      HydrateFallback: AppLoading,
      children: [
        ...pagesFor(stage, options).map(routeFor),
        { path: "*", element: <Navigate to={DEFAULT_REDIRECT[stage]} replace /> },
      ],
    },
  ];
}
