import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useDisclosure } from "./disclosure";
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
  const disclosure = useDisclosure();
  const { open, close } = disclosure;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      buttonRef.current?.focus();
    };
    document.addEventListener("mousedown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, close]);

  useFocusAfterOrganizationSwitch("user-menu", buttonRef);

  return (
    <div className="user-menu" ref={containerRef}>
      <button ref={buttonRef} type="button" className="user-menu__button" {...disclosure.button}>
        <span className="user-menu__name">{user.name}</span>
        <UnreadBadge count={unreadCount} />
      </button>
      <div id={disclosure.id} className="user-menu__panel" hidden={!open}>
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
