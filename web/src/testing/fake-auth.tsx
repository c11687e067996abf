import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { PortalUser } from "@contract/user";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { type createMemoryRouter, RouterProvider } from "react-router-dom";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { AuthContext, type AuthContextValue, type SignInStage } from "@/lib/auth/auth-state";
import { createQueryClient } from "@/lib/react-query";
import { TranslationsProvider } from "@/lib/translations-provider";

export const testUser: PortalUser = {
  Id: "user-1",
  FirstName: "Maria",
  LastName: "Lopez",
  Email: "maria@example.com",
  PhoneNumber: null,
  Admin: false,
  Staff: false,
  Verified: true,
  Language: null,
  isLanguageOverwrittenByDropdown: false,
  ProfilePictureUrl: null,
  SalesforceId: "003000000000001",
  created_at: "2024-01-01T00:00:00.000Z",
  salesforceContact: null,
};

/** An auth context value for a sign-in stage, as the real provider would build it. */
export function fakeAuth(stage: SignInStage, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const signedIn = stage !== "anonymous";
  return {
    initializationState: "initialized",
    authUser: signedIn ? { ...testUser, SalesforceId: stage === "onboarded" ? testUser.SalesforceId : null } : null,
    isAuthenticated: signedIn,
    isAdmin: false,
    isStaff: false,
    emailVerified: stage === "noCrm" || stage === "onboarded",
    selectedOrganization: PERSONAL_ORGANIZATION,
    selectedOrganizationInfo: null,
    organizations: [],
    selectOrganization: () => undefined,
    signOut: async () => undefined,
    reloadUser: async () => undefined,
    ...overrides,
  };
}

export function FakeAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The app's providers around a router, with a fake auth value: what pages need to render in tests. */
export function renderWithAppProviders(value: AuthContextValue, router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <TranslationsProvider>
      <QueryClientProvider client={createQueryClient()}>
        <FakeAuthProvider value={value}>
          <ToastProvider>
            <ModalProvider>
              <RouterProvider router={router} />
            </ModalProvider>
          </ToastProvider>
        </FakeAuthProvider>
      </QueryClientProvider>
    </TranslationsProvider>,
  );
}
