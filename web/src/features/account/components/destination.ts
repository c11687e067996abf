import { paths } from "@/config/paths";
import { readStored, removeStored } from "@/lib/web-storage";

/**
 * Where the activity a visitor tried to start is remembered (spec 1 §2.3): the login page's
 * key (features/auth/auth-navigation.ts), then a general one.
 */
export const ACTIVITY_REDIRECT_KEYS = ["loginActivityId", "activityRedirect"] as const;
/** The sidebar is replaced by the mobile menu below the desktop width of spec 1 §9 (1236 px). */
export const MOBILE_SIDEBAR_QUERY = "(max-width: 1235px)";

function takeRememberedActivity(): string | null {
  for (const key of ACTIVITY_REDIRECT_KEYS) {
    for (const area of ["session", "local"] as const) {
      // Storage refused: nothing remembered there.
      const value = readStored(area, key);
      if (value) {
        removeStored(area, key);
        return value;
      }
    }
  }
  return null;
}

/**
 * Spec 1 §2.4: after the wizard, the remembered activity, else /openMobileApp when the mobile
 * sidebar is showing, else /dashboard. (Business info comes first when a business was checked.)
 */
export function postWizardDestination(): string {
  const activity = takeRememberedActivity();
  if (activity) {
    // A stored path is used as is; a bare id goes through the service start page.
    return activity.startsWith("/") && !activity.startsWith("//")
      ? activity
      : `${paths.activityStart.path}?activityId=${encodeURIComponent(activity)}`;
  }
  if (window.matchMedia?.(MOBILE_SIDEBAR_QUERY).matches) return paths.openMobileApp.path;
  return paths.dashboard.path;
}
