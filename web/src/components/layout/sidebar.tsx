import { useTranslation } from "react-i18next";
import { NavList } from "./nav-link-item";
import type { NavItem } from "./nav-types";

/** The signed-in sidebar and, for admins, the administration section (spec 1 §2.2). */
export function Sidebar({ items, adminItems }: { items: readonly NavItem[]; adminItems: readonly NavItem[] }) {
  const { t } = useTranslation();
  return (
    <aside className="sidebar">
      <nav aria-label={t("Nav.SidebarLabel")}>
        <NavList items={items} />
      </nav>
      {adminItems.length > 0 && (
        <nav aria-label={t("Nav.AdminLabel")}>
          <h2 className="nav-heading">{t("Nav.AdminLabel")}</h2>
          <NavList items={adminItems} />
        </nav>
      )}
    </aside>
  );
}
