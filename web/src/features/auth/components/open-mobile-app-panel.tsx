import { MOBILE_APP_REDIRECT_MS } from "@contract/auth-forms";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { env } from "@/config/env";
import { paths } from "@/config/paths";

/** /openMobileApp (spec 1 §2.3): opens the app's scheme, then the dashboard after 5 seconds. */
export function OpenMobileAppPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = env().mobileAppScheme;

  useEffect(() => {
    // Once the document has loaded: leaving for the app's scheme while it still loads (the page's
    // chunk is preloaded, so this can mount that early) stops the load and the load event never comes.
    const openApp = () => window.location.assign(scheme);
    if (document.readyState === "complete") openApp();
    else window.addEventListener("load", openApp, { once: true });
    const timer = window.setTimeout(() => navigate(paths.dashboard.path, { replace: true }), MOBILE_APP_REDIRECT_MS);
    return () => {
      window.removeEventListener("load", openApp);
      window.clearTimeout(timer);
    };
  }, [scheme, navigate]);

  return (
    <div className="auth-page">
      <p role="status">{t("Auth.MobileApp.Opening", { seconds: MOBILE_APP_REDIRECT_MS / 1000 })}</p>
      <p className="auth-links">
        <a href={scheme}>{t("Auth.MobileApp.OpenApp")}</a>
        <Link to={paths.dashboard.path}>{t("Auth.MobileApp.Continue")}</Link>
      </p>
    </div>
  );
}
