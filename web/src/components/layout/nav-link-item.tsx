import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import type { NavItem } from "./nav-types";

interface NavLinkItemProps {
  item: NavItem;
  onNavigate?: () => void;
  className?: string;
}

/** One menu link: in-app links get aria-current from the router, city links are plain anchors. */
export function NavLinkItem({ item, onNavigate, className = "nav-link" }: NavLinkItemProps) {
  const { t } = useTranslation();
  if (item.external) {
    return (
      <a className={className} href={item.href} onClick={onNavigate}>
        {t(item.labelKey)}
      </a>
    );
  }
  return (
    <NavLink className={className} to={item.href} end onClick={onNavigate}>
      {t(item.labelKey)}
    </NavLink>
  );
}

export function NavList({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="nav-list">
      {items.map((item) => (
        <li key={item.id}>
          <NavLinkItem item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}
