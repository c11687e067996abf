import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useCallback, useState } from "react";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { readSelectedOrganization } from "@/lib/auth/auth-state";
import { mayHaveSession } from "@/lib/auth/session-hint";
import { createQueryClient } from "@/lib/react-query";
import { keepShellQueriesForSession } from "@/lib/session-query-cache";
import { TranslationsProvider } from "@/lib/translations-provider";
import { prefetchPageData, prefetchShellData } from "./prefetch";

/** App-wide providers: texts, server state, auth, toasts and modals. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Before the first render, so a page of the same session starts with the shell data it had.
    keepShellQueriesForSession(client);
    // A visitor without a session: the shell's data can start now, beside the page's code.
    if (!mayHaveSession()) prefetchShellData(client, null);
    return client;
  });
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
        <AuthProvider onFirebaseUser={onFirebaseUser}>
          <ToastProvider>
            <ModalProvider>{children}</ModalProvider>
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </TranslationsProvider>
  );
}
