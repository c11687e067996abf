import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { signInAgainAndReturn } from "@/features/auth/auth-navigation";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { readSelectedOrganization } from "@/lib/auth/auth-state";
import { mayHaveSession } from "@/lib/auth/session-hint";
import { createQueryClient } from "@/lib/react-query";
import { keepShellQueriesForSession } from "@/lib/session-query-cache";
import { TranslationsProvider } from "@/lib/translations-provider";
import { prefetchAlertData, prefetchPageData, prefetchShellData } from "./prefetch";

/**
 * The page load's query client, with the tab's saved shell data and the first requests started.
 * Made before the first render, not in it: React may throw away a render that has not committed
 * (the first render is a transition, restarted when a store it read changes, as the texts do), and
 * a client made in it was made twice, the second one asking again for what the first had been
 * given (the alert requests went out twice on a signed-in /dashboard, tests/browser/system-alerts-early).
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient();
  // Before the first render, so a page of the same session starts with the shell data it had.
  keepShellQueriesForSession(client);
  prefetchAlertData(client);
  // A visitor without a session: the rest of the shell's data can start now, beside the page's code.
  if (!mayHaveSession()) prefetchShellData(client, null);
  return client;
}

/** App-wide providers: texts, server state, auth, toasts and modals. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const onFirebaseUser = useCallback(
    (userId: string) => {
      prefetchShellData(queryClient, userId);
      prefetchPageData(queryClient, {
        userId,
        pathname: window.location.pathname,
        organizationId: readSelectedOrganization(),
      });
    },
    [queryClient],
  );
  return (
    <TranslationsProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider onFirebaseUser={onFirebaseUser} onSessionEnded={signInAgainAndReturn}>
          <ToastProvider>
            <ModalProvider>{children}</ModalProvider>
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </TranslationsProvider>
  );
}
