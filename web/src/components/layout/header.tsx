import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useDisclosure } from "./disclosure";
import { LanguageSelect } from "./language-select";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { useFocusAfterOrganizationSwitch } from "./organization-select";
import { accountControls, type ShellModel } from "./shell-model";
import { SiteSearch } from "./site-search";
import { UserMenu } from "./user-menu";

/** The site header of spec 1 §2.2: logo, city links, search, account area and mobile menu. */
export function Header({ shell }: { shell: ShellModel }) {
  const { t } = useTranslation();
  const menu = useDisclosure();
  const search = useDisclosure();
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  useFocusAfterOrganizationSwitch("mobile-menu", menuToggleRef);
  const signedIn = shell.user !== null;
  const menuItems = shell.sidebarItems.length > 0 ? shell.sidebarItems : shell.siteLinks;
  const account = accountControls(shell);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.href()} className="site-header__logo">
          <Logo />
          <span className="site-header__name">{t("App.Name")}</span>
        </Link>
        <nav className="site-header__city-links" aria-label={t("Header.CityLinksLabel")}>
          <ul className="inline-list">
            {shell.cityLinks.map((item) => (
              <li key={item.id}>
                <a className="nav-link" href={item.href}>
                  {t(item.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <button type="button" className="icon-button site-header__search-toggle" {...search.button}>
            {t("Header.ToggleSearch")}
          </button>
          {signedIn && shell.user ? (
            <UserMenu user={shell.user} unreadCount={shell.unreadCount} items={shell.userMenuItems} {...account} />
          ) : (
            <>
              <Link className="nav-link site-header__login" to={shell.loginHref}>
                {t("Header.Login")}
              </Link>
              <LanguageSelect {...shell.language} />
            </>
          )}
          <button
            ref={menuToggleRef}
            type="button"
            className="icon-button site-header__menu-toggle"
            // The menu is a modal dialog: while it is open this button is inert, so a click only opens it.
            {...menu.button}
          >
            {t("Header.OpenMenu")}
          </button>
        </div>
      </div>
      <SiteSearch id={search.id} className={`site-search${search.open ? " site-search--open" : ""}`} />
      <MobileMenu
        id={menu.id}
        open={menu.open}
        onClose={menu.close}
        signedIn={signedIn}
        items={menuItems}
        adminItems={shell.adminItems}
        loginHref={shell.loginHref}
        {...account}
      />
    </header>
  );
}
