/**
 * The one list of the portal's routes (spec 1 §2.1, spec 2, spec 3). `path` is the router
 * pattern; `href` builds a link. Odd spellings from the spec (saleforce_public_fields) are kept.
 */
const fixed = <P extends string>(path: P) => ({ path, href: () => path });

export const paths = {
  home: fixed("/"),
  login: fixed("/login"),
  signup: fixed("/signup"),
  resetPassword: fixed("/resetPassword"),
  forgotPassword: fixed("/forgotpassword"),
  search: { path: "/search", href: (term?: string) => (term ? `/search?term=${encodeURIComponent(term)}` : "/search") },
  activityStart: fixed("/activity/start"),
  openMobileApp: fixed("/openMobileApp"),
  knowledgeBase: fixed("/knowledgebase"),
  knowledgeBaseArticle: {
    path: "/knowledgebase/:id",
    href: (id: string) => `/knowledgebase/${encodeURIComponent(id)}`,
  },
  ssoSaml: fixed("/sso/saml"),
  payment: fixed("/payment"),
  businessLicense: fixed("/businesslicense"),
  permitSearch: fixed("/permit-search"),
  viewAllServices: fixed("/view-all-services"),
  cityNews: fixed("/elgin_today"),
  garbageSearch: fixed("/garbage-search"),
  boardsAndCommissions: fixed("/boards-and-commissions"),
  boardDetail: {
    path: "/boards-and-commissions/:id",
    href: (id: string) => `/boards-and-commissions/${encodeURIComponent(id)}`,
  },
  addStoredPaymentMobile: fixed("/add-stored-payment-mobile"),
  mobileWebViewBox: fixed("/mobileWebView/box"),

  verificationRequired: fixed("/account/verificationRequired"),

  accountCreate: fixed("/account/create"),
  accountCreateAddress: fixed("/account/create/address"),
  accountCreateAccountInformation: fixed("/account/create/account-information"),
  accountCreateBusinessInformation: fixed("/account/create/business-information"),

  dashboard: fixed("/dashboard"),
  dashboardRecord: {
    path: "/dashboard/:recordId",
    href: (recordId: string) => `/dashboard/${encodeURIComponent(recordId)}`,
  },
  account: { path: "/account/:userId", href: (userId: string) => `/account/${encodeURIComponent(userId)}` },
  messages: fixed("/messages"),
  inProgress: fixed("/in_progress"),
  completedActivities: fixed("/completed_activities"),
  activityView: {
    path: "/activity-view/:type/:id",
    href: (type: string, id: string) => `/activity-view/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
  },
  otherPermit: fixed("/activities/other_permit"),
  businessApplication: fixed("/activities/business_application"),
  zoningInquiry: fixed("/activities/zoning_inquiry"),
  counter: fixed("/counter"),
  laserficheForm: fixed("/laserfiche/form"),
  paymentLpi: fixed("/paymentLPI"),
  waterBillPaymentRecords: fixed("/payment/water-bill-payment-records"),
  paymentHistory: fixed("/payment/payment-history"),
  addStoredPayment: fixed("/add-stored-payment"),
  coreBillPayFrame: fixed("/core/bill-pay/iframe"),
  coreBillPayFrameUnauth: fixed("/core/bill-pay/iframe/unauth"),
  organizationManagement: fixed("/organization_management"),
  addOrganization: fixed("/add_organization"),
  report: fixed("/report"),
  // A problem report's public page (issue 33): any resident may see an open case and follow it.
  reportCase: { path: "/reports/:caseId", href: (caseId: string) => `/reports/${encodeURIComponent(caseId)}` },
  feedback: fixed("/feedback"),

  // Admin screens: registered for every onboarded user, listed in the sidebar for admins only.
  activitiesAdmin: fixed("/activities"),
  activityCreate: {
    path: "/activities/create",
    href: (action?: string) =>
      action ? `/activities/create?action=${encodeURIComponent(action)}` : "/activities/create",
  },
  activityEdit: { path: "/activities/:id", href: (id: string) => `/activities/${encodeURIComponent(id)}` },
  languagesAdmin: fixed("/languages"),
  languageEdit: {
    path: "/languages/:language",
    href: (language: string) => `/languages/${encodeURIComponent(language)}`,
  },
  usersAdmin: fixed("/users"),
  userDetail: { path: "/users/:id", href: (id: string) => `/users/${encodeURIComponent(id)}` },
  userView: {
    path: "/users/view/:id/:prevPage?",
    href: (id: string, prevPage?: string) => `/users/view/${encodeURIComponent(id)}${prevPage ? `/${prevPage}` : ""}`,
  },
  userEdit: {
    path: "/users/edit/:id/:prevPage?",
    href: (id: string, prevPage?: string) => `/users/edit/${encodeURIComponent(id)}${prevPage ? `/${prevPage}` : ""}`,
  },
  publicFields: fixed("/saleforce_public_fields"),
  systemAlerts: fixed("/system_alerts"),
  bulkPushNotifications: fixed("/bulk_push_notifications"),
  delinquencyNotifications: fixed("/delinquency_notifications"),
  billingMaintenanceSettings: fixed("/billing_maintenance_settings"),
  featureFlagsAdmin: fixed("/feature-flags"),
  open311KeysAdmin: fixed("/open311-keys"),
  auditTrail: fixed("/audit-trail"),

  // The staff console (issue 31): registered for every onboarded user, listed for staff only.
  console: fixed("/console"),
  consolePerson: { path: "/console/people/:id", href: (id: string) => `/console/people/${encodeURIComponent(id)}` },
  // Moderation of problem reports (issue 31): `?case=` opens one report.
  consoleReports: {
    path: "/console/reports",
    href: (caseNumber?: string) =>
      caseNumber ? `/console/reports?${new URLSearchParams({ case: caseNumber })}` : "/console/reports",
  },
  // A payment link staff sent (issue 31): opens /payment for its item until that is paid.
  paymentLink: { path: "/pay/:token", href: (token: string) => `/pay/${encodeURIComponent(token)}` },
  financeExport: fixed("/finance-export"),
  messageTemplates: fixed("/message-templates"),

  // Links in the city's letters (spec 1 §2.1): /{RecordId} at the root, for signed-in users.
  recordLink: { path: "/:recordId", href: (recordId: string) => `/${encodeURIComponent(recordId)}` },
} as const;

export type PathName = keyof typeof paths;
