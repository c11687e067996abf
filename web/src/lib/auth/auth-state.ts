import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { PortalUser, UserOrganization } from "@contract/user";
import { createContext, useContext } from "react";
import { readStored, writeStored } from "@/lib/web-storage";

export type InitializationState = "not_initialized" | "initializing" | "initialized" | "error";

/** Auth state of spec 1 §3, plus what the route tables need to choose a table. */
export interface AuthState {
  initializationState: InitializationState;
  /** The user from GET /api/auth; null when nobody is signed in (or the API answered 401). */
  authUser: PortalUser | null;
  isAuthenticated: boolean;
  /** From the ID token's `admin` custom claim only (DESIGN.md: never "true for all"). */
  isAdmin: boolean;
  /** The console (issue 31): the `staff` claim, or an admin (who also serves people). */
  isStaff: boolean;
  /** The identity provider's word on the email, which leads the server's copy (spec 1 §4). */
  emailVerified: boolean;
  /** 'personal' or the id of the organization the user acts for. */
  selectedOrganization: string;
  /** The organization acted for (spec 1 §3), or null when 'personal'. */
  selectedOrganizationInfo: SelectedOrganizationInfo | null;
  /** The organizations the user may act for (approved memberships), from GET /api/auth. */
  organizations: readonly UserOrganization[];
}

/** Spec 1 §3's selectedOrganizationInfo, with the name the selector shows. */
export type SelectedOrganizationInfo = Pick<UserOrganization, "Id" | "SalesforceId" | "Name">;

export interface AuthActions {
  selectOrganization: (organizationId: string) => void;
  signOut: () => Promise<void>;
  /** Reloads the current user from the API (after onboarding steps change it). */
  reloadUser: () => Promise<void>;
}

export type AuthContextValue = AuthState & AuthActions;

/** Which route table applies (spec 1 §2.1). */
export type SignInStage = "anonymous" | "unverified" | "noCrm" | "onboarded";

export function signInStage(state: Pick<AuthState, "authUser" | "isAuthenticated" | "emailVerified">): SignInStage {
  if (!state.isAuthenticated || !state.authUser) return "anonymous";
  if (!state.emailVerified) return "unverified";
  if (!state.authUser.SalesforceId) return "noCrm";
  return "onboarded";
}

export const anonymousAuthState: AuthState = {
  initializationState: "initialized",
  authUser: null,
  isAuthenticated: false,
  isAdmin: false,
  isStaff: false,
  emailVerified: false,
  selectedOrganization: PERSONAL_ORGANIZATION,
  selectedOrganizationInfo: null,
  organizations: [],
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside an auth provider");
  return value;
}

const SELECTED_ORGANIZATION_KEY = "selectedOrganization";

/** The remembered organization choice; 'personal' when none or storage is blocked. */
export function readSelectedOrganization(): string {
  return readStored("local", SELECTED_ORGANIZATION_KEY) || PERSONAL_ORGANIZATION;
}

export function storeSelectedOrganization(organizationId: string): void {
  // Private modes may refuse storage; the choice then lasts for this page only.
  writeStored("local", SELECTED_ORGANIZATION_KEY, organizationId);
}

/**
 * The organization context for a choice: the chosen organization when the user may act for it,
 * else 'personal' (a membership removed since, or another user's choice left in this browser).
 */
export function resolveOrganizationChoice(
  choice: string,
  organizations: readonly UserOrganization[],
): Pick<AuthState, "selectedOrganization" | "selectedOrganizationInfo"> {
  const chosen = organizations.find((organization) => organization.Id === choice);
  if (!chosen) return { selectedOrganization: PERSONAL_ORGANIZATION, selectedOrganizationInfo: null };
  return {
    selectedOrganization: chosen.Id,
    selectedOrganizationInfo: { Id: chosen.Id, SalesforceId: chosen.SalesforceId, Name: chosen.Name },
  };
}
