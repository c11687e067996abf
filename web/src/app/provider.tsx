import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { AuthProvider } from "@/lib/auth/auth-provider";
import { createQueryClient } from "@/lib/react-query";
import { keepShellQueriesForSession } from "@/lib/session-query-cache";
import { TranslationsProvider } from "@/lib/translations-provider";

/** App-wide providers: texts, server state, auth, toasts and modals. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Before the first render, so a page of the same session starts with the shell data it had.
    keepShellQueriesForSession(client);
    return client;
  });
  return (
    <TranslationsProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ToastProvider>
            <ModalProvider>{children}</ModalProvider>
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </TranslationsProvider>
  );
}
