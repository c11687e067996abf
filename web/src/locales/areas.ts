/**
 * Texts only some pages show, by area: each area's top-level keys of `en.json`/`es.json` leave the
 * entry (and the Spanish start-up chunk) and load with the pages of that area (route-table's
 * `TEXTS_OF_ACCESS`). Every key not listed here is in the start-up texts, so a new key is on every
 * page's first paint unless it is put here. `en.json`/`es.json` stay one file per language.
 */
export const TEXT_AREAS = {
  /** The administration pages (access `admin`): about a quarter of the texts. */
  admin: [
    "UsersAdmin",
    "ActivityAdmin",
    "MaintenanceAdmin",
    "LanguagesAdmin",
    "PublicFieldsAdmin",
    "FeatureFlagsAdmin",
    "Open311KeysAdmin",
    "AuditAdmin",
    "Console",
    "FinanceExport",
    "SystemAlertsAdmin",
    "BulkPush",
    "Delinquency",
    "MessageCounts",
  ],
  /**
   * Pages only a signed-in user opens (the account wizard, the account, reports, permits, messages,
   * activities), and the admin pages (the user history names reports by `Report.Types.*`).
   */
  signedIn: [
    "Report",
    "Account",
    "Organization",
    "PermitSelection",
    "Zoning",
    "BusinessApplication",
    "MessagesPage",
    "DashboardHome",
    "CrmField",
    "Counter",
    // The resident's refunds (payment history) and the admin user view's refund form.
    "Refunds",
  ],
} as const satisfies Record<string, readonly string[]>;

export type TextArea = keyof typeof TEXT_AREAS;

/** The area a top-level key belongs to, or undefined for the start-up texts. */
export function areaOfKey(key: string): TextArea | undefined {
  return (Object.keys(TEXT_AREAS) as TextArea[]).find((area) => (TEXT_AREAS[area] as readonly string[]).includes(key));
}

/** `texts` split into the start-up part and one part per area (top-level keys). */
export function splitTexts<T extends Record<string, unknown>>(
  texts: T,
): { startup: Record<string, unknown>; areas: Partial<Record<TextArea, Record<string, unknown>>> } {
  const startup: Record<string, unknown> = {};
  const areas: Partial<Record<TextArea, Record<string, unknown>>> = {};
  for (const [key, value] of Object.entries(texts)) {
    const area = areaOfKey(key);
    if (!area) startup[key] = value;
    else areas[area] = { ...areas[area], [key]: value };
  }
  return { startup, areas };
}
