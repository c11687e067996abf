import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { env } from "@/config/env";
import { paths } from "@/config/paths";

/** The five link circles (spec 1 §2.6): four city pages in a new tab, FAQs in the knowledge base. */
export function LinkCircles() {
  const { t } = useTranslation();
  const links = env().externalLinks;
  const external = [
    { key: "Employment", href: links.employment, symbol: "💼" },
    { key: "Business", href: links.business, symbol: "🏢" },
    { key: "Transparency", href: links.transparency, symbol: "📊" },
    { key: "Map", href: links.map, symbol: "🗺" },
  ];
  return (
    <nav className="link-circles" aria-label={t("Circles.Label")}>
      <ul>
        {external.map((link) => (
          <li key={link.key}>
            <a className="link-circles__item" href={link.href} target="_blank" rel="noopener noreferrer">
              <span className="link-circles__circle" aria-hidden="true">
                {link.symbol}
              </span>
              <span>{t(`Circles.${link.key}`)}</span>
              <span className="visually-hidden"> {t("Links.OpensInNewTab")}</span>
            </a>
          </li>
        ))}
        <li>
          <Link className="link-circles__item" to={paths.knowledgeBase.href()}>
            <span className="link-circles__circle" aria-hidden="true">
              ?
            </span>
            <span>{t("Circles.Faqs")}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
