import type { LanguageSelectProps } from "./language-select";
import type { NavItem, ShellUser } from "./nav-types";

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
  loginHref: string;
  onLogout: () => void;
}
