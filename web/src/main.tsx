import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider, createAppQueryClient } from "./app/provider";
import { preloadPageAt } from "./app/route-table";
import { AppRouter } from "./app/router";
import { env } from "./config/env";
import { preloadSystemAlertsHost } from "./features/system-alerts/lazy";
import { initI18n } from "./lib/i18n";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Fail loudly and visibly on a broken /runtime-config.js instead of a blank page.
try {
  env();
} catch (error) {
  root.textContent = "The portal is misconfigured. Please call City Hall at (847) 931-6100.";
  throw error;
}

// The page's own chunk and the alerts' code load beside the start-up work, not after it.
preloadPageAt(window.location.pathname);
const alertsHostLoaded = preloadSystemAlertsHost();

const queryClient = createAppQueryClient();

// The first render waits for the alert dialog's code too (preloaded by index.html beside the entry,
// so usually in already): the dialog then shows in the first commit (see features/system-alerts/lazy.tsx).
void Promise.all([initI18n(), alertsHostLoaded]).then(() => {
  const reactRoot = createRoot(root);
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input while the page starts (TBT).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
});
