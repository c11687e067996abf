/** Every top-level Firestore collection the portal owns (DESIGN.md "Data"). */
export const PORTAL_COLLECTIONS = [
  "users",
  "userEvents",
  "activities",
  "translations",
  "featureFlags",
  "featureFlagChanges",
  "notifications",
  "systemAlerts",
  "maintenancePeriods",
  "bulkNotifications",
  "delinquencyBatches",
  "delinquencyBatchRows",
  "billingAccounts",
  "payments",
  // Which attempt may charge a reference paid once (a form fee's submission): data/payments.ts
  "paymentReferences",
  // Who files a resident's late-payment-interest application for a record, claimed with create(): data/lpi-filings.ts
  "lpiFilings",
  "orgMembers",
  "orgInvitations",
  "answerableRecords",
  "publicFields",
  "pushTokens",
  "outbox",
  "jobs",
  "throttles",
  "samlRequests",
  "mobileCardCodes",
  "reportFollowers",
  // Garbage pickup reminders (issue 16)
  "garbageReminders",
  // Billing refresh (issue 13)
  "billingSummaries",
  // Bulk send: each send's audience, stored once so a resumed send need not read every user again
  "bulkAudiences",
  // Text messages (issue 29): a number's one-time code while it is being confirmed, by user
  "phoneConfirmations",
  // Numbers that texted STOP to the city's number, by E.164 number
  "smsOptOuts",
  // Open311 GeoReport v2 (issue 30): the apps' API keys, stored hashed
  "open311Keys",
  // The audit trail (issue 31): append-only records of staff and admin actions
  "auditRecords",
  // City Hall's counter (issue 31): booked visits, one per service and slot
  "counterVisits",
  // Payment links staff send from the console (issue 31): one item, used by its payment, by the token's hash
  "paymentLinks",
  // Case updates (issues 29, 33): "Is it fixed?" four weeks after a case closed, by case and person
  "caseFollowUps",
  // Refunds (issue 32): one document per refund attempt, claimed before the gateway is called
  "refunds",
  // Moderation of problem reports (issue 31): a hidden name, redacted photos, a private report, by CRM case id
  "reportModeration",
] as const;

/** The name of a portal collection; the data layer (`functions/src/data/`) takes only these. */
export type PortalCollection = (typeof PORTAL_COLLECTIONS)[number];
