import type { LanguageSelectProps } from "./language-select";
import type { NavItem, ShellUser } from "./nav-types";
import type { OrganizationSelectProps } from "./organization-select";

/** Everything the layout shows that depends on who is signed in; the app layer builds it. */
export interface ShellModel {
  user: ShellUser | null;
  unreadCount: number;
  cityLinks: readonly NavItem[];
  /** Mobile menu links for visitors without the sidebar. */
  siteLinks: readonly NavItem[];
  sidebarItems: readonly NavItem[];
  adminItems: readonly NavItem[];
  userMenuItems: readonly NavItem[];
  language: LanguageSelectProps;
  /** The "acting for" choice, for onboarded users with at least one organization. */
  organization: OrganizationSelectProps | null;
  /** /add_organization, for onboarded users. */
  addOrganizationHref: string | null;
  loginHref: string;
  onLogout: () => void;
}

/** What both the user menu and the mobile menu offer about the account: language, organization, log out. */
export type AccountControls = Pick<ShellModel, "language" | "organization" | "addOrganizationHref" | "onLogout">;

/** The account controls of a shell, to spread on the user menu and on the mobile menu. */
export function accountControls({
  language,
  organization,
  addOrganizationHref,
  onLogout,
}: ShellModel): AccountControls {
  return { language, organization, addOrganizationHref, onLogout };
}
