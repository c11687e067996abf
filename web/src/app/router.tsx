import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppLoading } from "@/components/layout/app-loading";
import { SystemAlertsHost } from "@/features/system-alerts/lazy";
import { signInStage, useAuth } from "@/lib/auth/auth-state";
import { RootLayout } from "./root-layout";
import { routesFor } from "./route-table";

function AppLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="app-error">
      <h1 ref={headingRef} tabIndex={-1}>
        {t("App.LoadErrorTitle")}
      </h1>
      <p>{t("App.LoadErrorBody")}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t("App.Retry")}
      </button>
    </main>
  );
}

/**
 * Picks the route table of the current sign-in stage (spec 1 §2.1) and renders nothing else
 * until Firebase and GET /api/auth have said who is signed in.
 */
export function AppRouter() {
  const auth = useAuth();
  const stage = signInStage(auth);
  const hasResolved = useRef(false);
  if (auth.initializationState === "initialized" || auth.initializationState === "error") hasResolved.current = true;

  const resolved = hasResolved.current;
  // Built once the sign-in is known: a signed-in load otherwise built the visitor's table first,
  // only to replace it (main-thread work while the page starts, issue 12).
  const router = useMemo(
    () =>
      resolved
        ? createBrowserRouter(routesFor(stage, { selectedOrganization: auth.selectedOrganization }, <RootLayout />))
        : null,
    [resolved, stage, auth.selectedOrganization],
  );

  // A replaced router must stop listening to history; StrictMode's double effect sees the same one.
  const previousRouter = useRef(router);
  useEffect(() => {
    if (previousRouter.current !== router) previousRouter.current?.dispose();
    previousRouter.current = router;
  }, [router]);

  let app = <AppLoading />;
  if (auth.initializationState === "error") app = <AppLoadError onRetry={() => void auth.reloadUser()} />;
  // RouterProvider keeps the state of the router it first got; a new table needs a new provider.
  else if (router) app = <RouterProvider key={`${stage}|${auth.selectedOrganization}`} router={router} />;
  return (
    <>
      {app}
      {/* Beside the router, not in it: a signed-in page's alert dialog, often its largest paint,
          need not wait for Firebase, GET /api/auth and the page's code (issue 12). */}
      <SystemAlertsHost />
    </>
  );
}
