import { useTranslation } from "react-i18next";

/** City hall's address and phone, on every page (spec 1 §1). */
export function Footer() {
  const { t } = useTranslation();
  const phone = t("Footer.Phone");
  return (
    <footer className="site-footer">
      <address className="site-footer__contact">
        <span>{t("Footer.Address")}</span>
        <span>
          {t("Footer.PhoneLabel")}:{" "}
          <a className="site-footer__link" href={`tel:+1${phone.replace(/\D/g, "")}`}>
            {phone}
          </a>
        </span>
      </address>
      <p className="site-footer__copyright">{t("Footer.Copyright")}</p>
    </footer>
  );
}
