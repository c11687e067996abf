import { lazy } from "react";

// The alert dialog's few rules ride with the page's first CSS: imported by the lazy host, they were
// a stylesheet the host's import waited for, asked for only once the entry had run.
import "./system-alerts.css";

/** Alerts are fetched for every visitor, but their code (and DOMPurify) loads after the page. */
const loadHost = () => import("./components/system-alerts-host");

export const SystemAlertsHost = lazy(() => loadHost().then((module) => ({ default: module.SystemAlertsHost })));

export const DelinquencyPrefsPrompt = lazy(() =>
  loadHost().then((module) => ({ default: module.DelinquencyPrefsPrompt })),
);

/**
 * Starts loading the alerts' code while the app starts: a first visit's alert is a dialog whose title
 * is often the page's largest paint (LCP), and waiting for the layout to render first delayed it.
 */
export function preloadSystemAlertsHost(): void {
  void loadHost().catch(() => undefined);
}
