/** An in-app message (spec 1 §3 Notification / message) as the API answers it. */
export interface PortalMessage {
  Id: string;
  Title: string;
  Body: string;
  /** The message in Spanish when its sender wrote one; null otherwise (Title and Body are then shown). */
  TitleSpanish: string | null;
  BodySpanish: string | null;
  /** ISO instant. */
  CreatedAt: string;
  /** ISO instant; null means unread. */
  ReadAt: string | null;
  /** CRM object of the activity the message is about, e.g. Case. */
  SObjectType: string | null;
  /** CRM id of that activity. */
  SalesforceId: string | null;
}

/** A system alert as residents receive it (spec 3 §3 System alert; texts may hold HTML). */
export interface SystemAlert {
  Id: string;
  titleEnglish: string;
  titleSpanish: string;
  textEnglish: string;
  textSpanish: string;
  active: boolean;
  /** ISO instant. */
  CreatedAt: string;
  /** True for the alert built from the bill-pay maintenance warning. */
  MaintenanceWarning: boolean;
}

/** Days a maintenance window applies to (spec 3 §3 Billing maintenance period). */
export interface MaintenanceDays {
  everyDay: boolean;
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
}

export interface MaintenanceWindow {
  enabled: boolean;
  englishText: string;
  spanishText: string;
  /** YYYY-MM-DD or null (dates are optional). */
  startDate: string | null;
  endDate: string | null;
  /** hh:mm AM|PM, America/Chicago. */
  startTime: string;
  endTime: string;
  daysActive: MaintenanceDays;
}

/** GET /api/paymentMaintenanceInfo: the windows in force now (or null) and whether bill pay is on. */
export interface PaymentMaintenanceInfo {
  maintenanceWarningAlert: MaintenanceWindow | null;
  maintenanceSettings: MaintenanceWindow | null;
  onlineBillPayEnabled: boolean;
}

/** A water billing account linked to a user or an organization, with what it owes now. */
export interface BillingAccountSummary {
  Id: string;
  customerId: string;
  locationId: string;
  /** customerId-locationId, as bills and the guest lookup print it. */
  accountNumber: string;
  serviceAddress: string | null;
  /** Integer cents; negative for a credit. */
  amountDueCents: number;
  /** YYYY-MM-DD, or null when no bill has been issued. */
  dueDate: string | null;
}

/** One language of a template's preview: what the person reads (the email's subject and plain text). */
export interface TemplatePreviewText {
  subject: string;
  text: string;
}

/** GET /api/notifications/templates (admin): each message template with sample data, in English and Spanish. */
export interface TemplatePreview {
  name: string;
  en: TemplatePreviewText;
  es: TemplatePreviewText;
}
