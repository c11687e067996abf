import { lazy, Suspense } from "react";

// The alert dialog's few rules ride with the page's first CSS: imported by the lazy host, they were
// a stylesheet the host's import waited for, asked for only once the entry had run.
import "./system-alerts.css";

type HostModule = typeof import("./components/system-alerts-host");

/** The host's module once it has loaded; until then the lazy components below stand in. */
let loadedHost: HostModule | undefined;
let hostLoading: Promise<HostModule> | undefined;

/** Alerts are fetched for every visitor, but their code (and DOMPurify) loads beside the entry's. */
function loadHost(): Promise<HostModule> {
  hostLoading ??= import("./components/system-alerts-host").then((module) => {
    loadedHost = module;
    return module;
  });
  hostLoading.catch(() => {
    hostLoading = undefined;
  });
  return hostLoading;
}

const LazySystemAlertsHost = lazy(() => loadHost().then((module) => ({ default: module.SystemAlertsHost })));
const LazyDelinquencyPrefsPrompt = lazy(() =>
  loadHost().then((module) => ({ default: module.DelinquencyPrefsPrompt })),
);

/**
 * Starts loading the alerts' code while the app starts (index.html preloads the chunk): a first
 * visit's alert is a dialog whose title is often the page's largest paint (LCP). The promise
 * settles once it has loaded or failed; it never rejects.
 */
export function preloadSystemAlertsHost(): Promise<void> {
  return loadHost().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The system alert dialog. With its code already loaded (main.tsx waits for it beside the texts)
 * it shows in the app's very first commit, before anything else the page starts (Firebase, the
 * page's data) competes with it; lazy only when that load failed or was slow.
 */
export function SystemAlertsHost() {
  if (loadedHost) return <loadedHost.SystemAlertsHost />;
  return (
    <Suspense fallback={null}>
      <LazySystemAlertsHost />
    </Suspense>
  );
}

/** The delinquent billing preference prompt (system-alerts-host.tsx), loaded as the host is. */
export function DelinquencyPrefsPrompt(props: { userId: string; enabled: boolean }) {
  if (loadedHost) return <loadedHost.DelinquencyPrefsPrompt {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyDelinquencyPrefsPrompt {...props} />
    </Suspense>
  );
}
