import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LanguageSelect } from "./language-select";
import { NavList } from "./nav-link-item";
import type { NavItem } from "./nav-types";
import { OrganizationSelect } from "./organization-select";
import type { AccountControls } from "./shell-model";

interface MobileMenuProps extends AccountControls {
  id: string;
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  /** Sidebar items when onboarded, else the city site links. */
  items: readonly NavItem[];
  adminItems: readonly NavItem[];
  loginHref: string;
}

/**
 * The slide-in menu for small screens, a modal <dialog>: the page behind is inert so focus
 * stays in the menu, Escape closes it, and focus returns to the toggle button.
 */
export function MobileMenu({
  id,
  open,
  onClose,
  signedIn,
  items,
  adminItems,
  language,
  organization,
  addOrganizationHref,
  onLogout,
  loginHref,
}: MobileMenuProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", handleCancel);
    return () => dialog.removeEventListener("cancel", handleCancel);
  }, []);

  return (
    <dialog id={id} ref={dialogRef} className="mobile-menu" aria-labelledby={titleId}>
      <div className="mobile-menu__top">
        <h2 id={titleId} className="mobile-menu__title">
          {t("Nav.MobileMenuTitle")}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("Nav.CloseMenu")}
        </button>
      </div>
      <nav aria-label={signedIn ? t("Nav.SidebarLabel") : t("Nav.SiteLinksLabel")}>
        <NavList items={items} onNavigate={onClose} />
      </nav>
      {adminItems.length > 0 && (
        <nav aria-label={t("Nav.AdminLabel")}>
          <h3 className="nav-heading">{t("Nav.AdminLabel")}</h3>
          <NavList items={adminItems} onNavigate={onClose} />
        </nav>
      )}
      {organization && <OrganizationSelect {...organization} place="mobile-menu" />}
      {addOrganizationHref && (
        <Link className="nav-link" to={addOrganizationHref} onClick={onClose}>
          {t("Header.AddOrganization")}
        </Link>
      )}
      <LanguageSelect {...language} />
      {signedIn ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onClose();
            onLogout();
          }}
        >
          {t("Header.Logout")}
        </button>
      ) : (
        <Link className="button button--primary" to={loginHref} onClick={onClose}>
          {t("Header.Login")}
        </Link>
      )}
    </dialog>
  );
}
