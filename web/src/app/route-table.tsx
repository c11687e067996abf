import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { AppLoading } from "@/components/layout/app-loading";
import { type PathName, paths } from "@/config/paths";
import type { SignInStage } from "@/lib/auth/auth-state";
import { Component as HomePage } from "./routes/home";

type PageModule = { Component: React.ComponentType };
type Loader = () => Promise<PageModule>;

/** Every page but home is its own chunk, fetched on first visit. */
const pages = {
  login: () => import("./routes/login"),
  signup: () => import("./routes/signup"),
  resetPassword: () => import("./routes/reset-password"),
  forgotPassword: () => import("./routes/forgot-password"),
  search: () => import("./routes/search"),
  activityStart: () => import("./routes/activity-start"),
  openMobileApp: () => import("./routes/open-mobile-app"),
  knowledgeBase: () => import("./routes/knowledge-base"),
  knowledgeBaseArticle: () => import("./routes/knowledge-base-article"),
  ssoSaml: () => import("./routes/sso-saml"),
  payment: () => import("./routes/payment"),
  businessLicense: () => import("./routes/business-license"),
  permitSearch: () => import("./routes/permit-search"),
  viewAllServices: () => import("./routes/view-all-services"),
  cityNews: () => import("./routes/city-news"),
  garbageSearch: () => import("./routes/garbage-search"),
  boardsAndCommissions: () => import("./routes/boards-and-commissions"),
  boardDetail: () => import("./routes/board-detail"),
  addStoredPaymentMobile: () => import("./routes/add-stored-payment-mobile"),
  mobileWebViewBox: () => import("./routes/mobile-web-view-box"),
  verificationRequired: () => import("./routes/verification-required"),
  accountCreateAddress: () => import("./routes/account-create-address"),
  accountCreateAccountInformation: () => import("./routes/account-create-account-information"),
  accountCreateBusinessInformation: () => import("./routes/account-create-business-information"),
  dashboard: () => import("./routes/dashboard"),
  dashboardRecord: () => import("./routes/dashboard"),
  account: () => import("./routes/account"),
  messages: () => import("./routes/messages"),
  inProgress: () => import("./routes/in-progress"),
  completedActivities: () => import("./routes/completed-activities"),
  activityView: () => import("./routes/activity-view"),
  otherPermit: () => import("./routes/other-permit"),
  businessApplication: () => import("./routes/business-application"),
  zoningInquiry: () => import("./routes/zoning-inquiry"),
  counter: () => import("./routes/counter"),
  laserficheForm: () => import("./routes/laserfiche-form"),
  paymentLpi: () => import("./routes/payment-lpi"),
  waterBillPaymentRecords: () => import("./routes/water-bill-payment-records"),
  paymentHistory: () => import("./routes/payment-history"),
  addStoredPayment: () => import("./routes/add-stored-payment"),
  organizationManagement: () => import("./routes/organization-management"),
  addOrganization: () => import("./routes/add-organization"),
  report: () => import("./routes/report"),
  feedback: () => import("./routes/feedback"),
  activitiesAdmin: () => import("./routes/activities-admin"),
  activityCreate: () => import("./routes/activity-create"),
  activityEdit: () => import("./routes/activity-edit"),
  languagesAdmin: () => import("./routes/languages-admin"),
  languageEdit: () => import("./routes/language-edit"),
  usersAdmin: () => import("./routes/users-admin"),
  userDetail: () => import("./routes/user-detail"),
  userView: () => import("./routes/user-view"),
  userEdit: () => import("./routes/user-edit"),
  publicFields: () => import("./routes/public-fields"),
  systemAlerts: () => import("./routes/system-alerts"),
  bulkPushNotifications: () => import("./routes/bulk-push-notifications"),
  delinquencyNotifications: () => import("./routes/delinquency-notifications"),
  billingMaintenanceSettings: () => import("./routes/billing-maintenance-settings"),
  featureFlagsAdmin: () => import("./routes/feature-flags-admin"),
} satisfies Partial<Record<PathName, Loader>>;

type LazyPageName = keyof typeof pages;
type PageName = LazyPageName | "home" | "accountCreate";

/** Spec 1 §2.1, anonymous row (with spec 3's board detail and the mobile file-box page). */
const ANONYMOUS_PAGES: readonly PageName[] = [
  "home",
  "login",
  "signup",
  "resetPassword",
  "forgotPassword",
  "search",
  "activityStart",
  "openMobileApp",
  "knowledgeBase",
  "knowledgeBaseArticle",
  "ssoSaml",
  "payment",
  "businessLicense",
  "permitSearch",
  "viewAllServices",
  "cityNews",
  "garbageSearch",
  "boardsAndCommissions",
  "boardDetail",
  "addStoredPaymentMobile",
  "mobileWebViewBox",
];

const UNVERIFIED_PAGES: readonly PageName[] = [...ANONYMOUS_PAGES, "verificationRequired"];

const ACCOUNT_CREATION_PAGES: readonly PageName[] = [
  "accountCreate",
  "accountCreateAddress",
  "accountCreateAccountInformation",
  "accountCreateBusinessInformation",
];

const NO_CRM_PAGES: readonly PageName[] = [
  "home",
  "search",
  "knowledgeBase",
  "knowledgeBaseArticle",
  ...ACCOUNT_CREATION_PAGES,
  "openMobileApp",
  "cityNews",
  "mobileWebViewBox",
];

/** Registered for every onboarded user; only the sidebar is limited to admins (spec 3). */
const ADMIN_PAGES: readonly PageName[] = [
  "activitiesAdmin",
  "activityCreate",
  "activityEdit",
  "languagesAdmin",
  "languageEdit",
  "usersAdmin",
  "userDetail",
  "userView",
  "userEdit",
  "publicFields",
  "systemAlerts",
  "bulkPushNotifications",
  "delinquencyNotifications",
  "billingMaintenanceSettings",
  "featureFlagsAdmin",
];

const ONBOARDED_PAGES: readonly PageName[] = [
  "home",
  "dashboard",
  "dashboardRecord",
  "otherPermit",
  "businessApplication",
  "zoningInquiry",
  "counter",
  "laserficheForm",
  "messages",
  ...ACCOUNT_CREATION_PAGES,
  "account",
  "payment",
  "paymentLpi",
  "waterBillPaymentRecords",
  "paymentHistory",
  "addOrganization",
  "cityNews",
  "inProgress",
  "completedActivities",
  "activityView",
  "search",
  "activityStart",
  "openMobileApp",
  "knowledgeBase",
  "knowledgeBaseArticle",
  "ssoSaml",
  "businessLicense",
  "permitSearch",
  "garbageSearch",
  "viewAllServices",
  "boardsAndCommissions",
  "boardDetail",
  "addStoredPayment",
  "mobileWebViewBox",
  ...ADMIN_PAGES,
];

export const DEFAULT_REDIRECT: Record<SignInStage, string> = {
  anonymous: paths.home.path,
  unverified: paths.verificationRequired.path,
  noCrm: paths.accountCreate.path,
  onboarded: paths.home.path,
};

export interface RouteTableOptions {
  selectedOrganization: string;
}

/** The pages a sign-in stage may open (spec 1 §2.1); organization-dependent ones included. */
export function pagesFor(stage: SignInStage, { selectedOrganization }: RouteTableOptions): PageName[] {
  switch (stage) {
    case "anonymous":
      return [...ANONYMOUS_PAGES];
    case "unverified":
      return [...UNVERIFIED_PAGES];
    case "noCrm":
      return [...NO_CRM_PAGES];
    case "onboarded": {
      const isPersonal = selectedOrganization === PERSONAL_ORGANIZATION;
      // Reports are filed by a person; organization management needs an organization (spec 3).
      const contextual: PageName[] = isPersonal ? ["report", "feedback"] : ["organizationManagement"];
      return [...ONBOARDED_PAGES, ...contextual];
    }
  }
}

function routeFor(page: PageName): RouteObject {
  if (page === "home") return { index: true, Component: HomePage };
  // The spec's base path of the wizard starts at its first step.
  if (page === "accountCreate") {
    return { path: paths.accountCreate.path, element: <Navigate to={paths.accountCreateAddress.path} replace /> };
  }
  return { path: paths[page].path, lazy: pages[page] };
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
