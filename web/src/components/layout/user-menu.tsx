import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LanguageSelect } from "./language-select";
import type { NavItem, ShellUser } from "./nav-types";
import { OrganizationSelect, useFocusAfterOrganizationSwitch } from "./organization-select";
import type { AccountControls } from "./shell-model";
import { UnreadBadge } from "./unread-badge";

interface UserMenuProps extends AccountControls {
  user: ShellUser;
  unreadCount: number;
  /** Manage Account and Messages, for users who can reach them. */
  items: readonly NavItem[];
}

/** The signed-in user's dropdown (a disclosure: button plus panel; Escape closes it). */
export function UserMenu({
  user,
  unreadCount,
  items,
  language,
  organization,
  addOrganizationHref,
  onLogout,
}: UserMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("mousedown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  useFocusAfterOrganizationSwitch("user-menu", buttonRef);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__name">{user.name}</span>
        <UnreadBadge count={unreadCount} />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__identity">
          <span className="user-menu__panel-name">{user.name}</span>
          <span className="user-menu__email">{user.email}</span>
        </p>
        <ul className="nav-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link className="nav-link" to={item.href} onClick={close}>
                {t(item.labelKey)}
                {item.id === "user-messages" && <UnreadBadge count={unreadCount} />}
              </Link>
            </li>
          ))}
        </ul>
        {organization && <OrganizationSelect {...organization} place="user-menu" />}
        {addOrganizationHref && (
          <Link className="nav-link" to={addOrganizationHref} onClick={close}>
            {t("Header.AddOrganization")}
          </Link>
        )}
        <LanguageSelect {...language} />
        <button type="button" className="button button--secondary" onClick={onLogout}>
          {t("Header.Logout")}
        </button>
      </div>
    </div>
  );
}
