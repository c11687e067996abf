import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useModals } from "@/components/ui/modals";
import { useAuth } from "@/lib/auth/auth-state";
import { type StartActivity, type StartDestination, startDestination } from "../../../lib/services/start-destination";

/** Opens a destination: an in-app page, a new tab (no opener), or the error modal. */
export function useStartActivity() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showError } = useModals();
  const auth = useAuth();
  const signedIn = auth.isAuthenticated && auth.authUser !== null;
  const email = auth.authUser?.Email ?? null;

  const open = useCallback(
    (destination: StartDestination, options: { replace?: boolean } = {}) => {
      if (destination.kind === "navigate") navigate(destination.to, { replace: options.replace });
      else if (destination.kind === "newTab") window.open(destination.url, "_blank", "noopener,noreferrer");
      else if (destination.reason === "noProcessId") showError(t("Picker.NoProcessId"));
      else if (destination.reason === "noExternalLink") showError(t("Picker.NoExternalLink"));
      else {
        // Labels as admins see them (ACTIVITY_TYPE_LABELS); not imported, to keep zod off the home page.
        const label = t(`Picker.Types.${destination.type}`, { defaultValue: destination.type });
        showError(t("Picker.TypeNotSupported", { type: label }));
      }
    },
    [navigate, showError, t],
  );

  const start = useCallback(
    (activity: StartActivity, options: { replace?: boolean } = {}) => {
      const destination = startDestination(activity, { signedIn, email });
      open(destination, options);
      return destination;
    },
    [signedIn, email, open],
  );

  return start;
}
