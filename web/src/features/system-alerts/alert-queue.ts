import type { PaymentMaintenanceInfo, SystemAlert } from "@contract/messages";
import { readStored, readStoredJson, writeStored } from "@/lib/web-storage";

/** An alert waiting to be shown, with whether this browser session has dismissed it. */
export type QueuedAlert = Pick<
  SystemAlert,
  "Id" | "titleEnglish" | "titleSpanish" | "textEnglish" | "textSpanish" | "active"
> & { read: boolean };

const READ_KEY = "systemAlertsRead";

/** Alert ids dismissed in this browser session (spec 3 §4: read is kept on the client only). */
export function readAlertIds(): Set<string> {
  const stored = readStoredJson("session", READ_KEY);
  return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : []);
}

/** Told of each dismissal: the alert dialog and the prompt that waits for it read the same list. */
const readListeners = new Set<() => void>();
let readCount = 0;

/** Records alerts as dismissed in this browser session and tells the listeners. */
export function markAlertsRead(dismissed: readonly string[]): void {
  const ids = readAlertIds();
  for (const id of dismissed) ids.add(id);
  // Storage refused (private mode): the alert stays dismissed for this page only.
  writeStored("session", READ_KEY, JSON.stringify([...ids]));
  readCount += 1;
  for (const listener of readListeners) listener();
}

/** For useSyncExternalStore: calls `listener` after each dismissal; returns the unsubscribe. */
export function onAlertRead(listener: () => void): () => void {
  readListeners.add(listener);
  return () => readListeners.delete(listener);
}

/** How many alerts this page has dismissed: changes with each dismissal (a store snapshot). */
export const alertsReadCount = () => readCount;

/** The maintenance warning in force, as an alert; its id changes with its text so a new one shows. */
export function maintenanceAlert(
  info: PaymentMaintenanceInfo | undefined,
  titles: { english: string; spanish: string },
): SystemAlert | null {
  const warning = info?.maintenanceWarningAlert;
  if (!warning?.enabled) return null;
  let hash = 0;
  for (const char of `${warning.englishText}|${warning.spanishText}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return {
    Id: `maintenance-warning-${(hash >>> 0).toString(36)}`,
    titleEnglish: titles.english,
    titleSpanish: titles.spanish,
    textEnglish: warning.englishText,
    textSpanish: warning.spanishText,
    active: true,
    CreatedAt: new Date().toISOString(),
    MaintenanceWarning: true,
  };
}

/** Active first, then unread first, keeping the server's order (newest first) within each group. */
export function sortAlerts(alerts: readonly SystemAlert[], read: ReadonlySet<string>): QueuedAlert[] {
  return alerts
    .map((alert, index) => ({ alert, index }))
    .map(({ alert, index }) => ({
      index,
      queued: {
        Id: alert.Id,
        titleEnglish: alert.titleEnglish,
        titleSpanish: alert.titleSpanish,
        textEnglish: alert.textEnglish,
        textSpanish: alert.textSpanish,
        active: alert.active,
        read: read.has(alert.Id),
      },
    }))
    .sort(
      (a, b) =>
        Number(b.queued.active) - Number(a.queued.active) ||
        Number(a.queued.read) - Number(b.queued.read) ||
        a.index - b.index,
    )
    .map(({ queued }) => queued);
}

/** The alerts to show now, most important first: the active unread ones. */
export const unreadAlerts = (queue: readonly QueuedAlert[]) => queue.filter((alert) => alert.active && !alert.read);

const ARRIVAL_DIALOG_KEY = "arrivalDialogShown";

/**
 * Whether this browser session has already shown a dialog on its own (the alerts or the billing
 * prompt): a visitor meets at most one such dialog (issue 28); the other waits for a later visit.
 */
export function arrivalDialogShown(): boolean {
  return readStored("session", ARRIVAL_DIALOG_KEY) === "true";
}

export function markArrivalDialogShown(): void {
  // Storage refused: the page's own state still shows one dialog at a time.
  writeStored("session", ARRIVAL_DIALOG_KEY, "true");
}
