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
