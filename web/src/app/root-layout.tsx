import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Location, Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { AppLayout } from "@/components/layout/app-layout";
import { NavigationCountContext } from "@/components/layout/navigation-focus";
import type { ShellModel } from "@/components/layout/shell-model";
import { useToasts } from "@/components/ui/toasts";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { useAuthSessionEffects } from "@/features/auth/use-auth-session-effects";
import { useUnreadCount } from "@/features/notifications/api/get-unread-count";
import { DelinquencyPrefsPrompt } from "@/features/system-alerts/lazy";
import { signInStage, useAuth } from "@/lib/auth/auth-state";
import { adminItems, cityLinks, sidebarItems, siteLinks } from "./navigation";
import { useChatAssistant } from "./use-chat-assistant";
import { useLanguageSync } from "./use-language-sync";

/** Counts in-app page changes (not the first load) so the new page's heading can take focus. */
function useNavigationCount(): number {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    setCount((value) => value + 1);
  }, [pathname]);
  return count;
}

/** Told apart from every earlier load of this tab (the saved positions live in sessionStorage). */
const THIS_PAGE_LOAD = String(Math.round(performance.timeOrigin));

/**
 * Where ScrollRestoration files a page's scroll position. Its default, the history entry's key, is
 * "default" for the first entry of every page load, so a freshly opened page was scrolled to where
 * the tab's previous page was, once the router had started: after the page's own scroll to a
 * target, which it undid (/dashboard?highlight=billing ended at the top, CI). A page load's first
 * entry is filed under its URL instead (a reload still comes back to where it was), and a URL that
 * names a scroll target (?highlight=) is never put back: the target wins.
 */
function scrollPositionKey(location: Location): string {
  if (new URLSearchParams(location.search).has("highlight")) return `${location.pathname}:${THIS_PAGE_LOAD}`;
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}

/** The layout route: builds the shell from auth, flags, languages and messages. */
export function RootLayout() {
  const auth = useAuth();
  useAuthSessionEffects();
  const stage = signInStage(auth);
  const userId = auth.authUser?.Id ?? null;
  const flags = useFeatureFlags(userId);
  const unreadCount = useUnreadCount(stage === "onboarded");
  const { languages, language, changeLanguage } = useLanguageSync();
  const navigationCount = useNavigationCount();
  useChatAssistant();
  const links = env().externalLinks;
  const { signOut, selectOrganization, organizations, selectedOrganization } = auth;
  const toasts = useToasts();
  const { t } = useTranslation();

  const shell = useMemo<ShellModel>(() => {
    const user = auth.authUser;
    const name = [user?.FirstName, user?.LastName].filter(Boolean).join(" ") || user?.Email || "";
    return {
      user: user ? { id: user.Id, name, email: user.Email ?? "" } : null,
      unreadCount,
      cityLinks: cityLinks(links),
      siteLinks: siteLinks(links),
      sidebarItems: sidebarItems({
        stage,
        userId,
        selectedOrganization,
        isFlagEnabled: (flag) => isFlagEnabled(flags.data, flag),
        isStaff: auth.isStaff,
      }),
      adminItems: adminItems({ stage, isAdmin: auth.isAdmin }),
      userMenuItems:
        stage === "onboarded" && user
          ? [
              { id: "user-account", labelKey: "Header.ManageAccount", href: paths.account.href(user.Id) },
              { id: "user-messages", labelKey: "Header.Messages", href: paths.messages.href() },
            ]
          : [],
      language: { languages, value: language, onChange: changeLanguage },
      organization:
        stage === "onboarded" && organizations.length > 0
          ? {
              organizations,
              value: selectedOrganization,
              onSelect: (organizationId) => {
                selectOrganization(organizationId);
                const chosen = organizations.find((organization) => organization.Id === organizationId);
                // Told in words too: the switch rebuilds the page around the control.
                toasts.show(
                  "success",
                  chosen ? t("Header.NowActingFor", { name: chosen.Name }) : t("Header.NowActingPersonally"),
                );
              },
            }
          : null,
      addOrganizationHref: stage === "onboarded" ? paths.addOrganization.href() : null,
      loginHref: paths.login.href(),
      onLogout: () => void signOut(),
    };
  }, [
    auth.authUser,
    auth.isAdmin,
    auth.isStaff,
    stage,
    userId,
    flags.data,
    unreadCount,
    links,
    languages,
    language,
    changeLanguage,
    signOut,
    selectOrganization,
    organizations,
    selectedOrganization,
    toasts,
    t,
  ]);

  return (
    <NavigationCountContext.Provider value={navigationCount}>
      <AppLayout shell={shell}>
        <Outlet />
      </AppLayout>
      {/* The system alerts themselves are shown beside the router (router.tsx). */}
      {stage === "onboarded" && userId ? (
        <DelinquencyPrefsPrompt
          userId={userId}
          enabled={isFlagEnabled(flags.data, "EnableDelinquentBillingNotifications")}
        />
      ) : null}
      <ScrollRestoration getKey={scrollPositionKey} />
    </NavigationCountContext.Provider>
  );
}
