/** One link of the header, sidebar or mobile menu. `labelKey` is a translation key. */
export interface NavItem {
  id: string;
  labelKey: string;
  href: string;
  /** Pages of the city's main website, outside this app. */
  external?: boolean;
}

export interface ShellUser {
  id: string;
  name: string;
  email: string;
}
