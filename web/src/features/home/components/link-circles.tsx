import { Briefcase, Building2, ChartColumn, CircleQuestionMark, Map as MapIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { NewTabLink } from "@/components/ui/new-tab-link";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import "../home.css";

/**
 * The five link circles (spec 1 §2.6): four city pages in a new tab, FAQs in the knowledge base.
 * SVG icons, not emoji: emoji fonts differ by device and some have none.
 */
export function LinkCircles() {
  const { t } = useTranslation();
  const links = env().externalLinks;
  const external = [
    { key: "Employment", href: links.employment, Icon: Briefcase },
    { key: "Business", href: links.business, Icon: Building2 },
    { key: "Transparency", href: links.transparency, Icon: ChartColumn },
    { key: "Map", href: links.map, Icon: MapIcon },
  ];
  return (
    <nav className="link-circles" aria-label={t("Circles.Label")}>
      <ul>
        {external.map((link) => (
          <li key={link.key}>
            <NewTabLink className="link-circles__item" href={link.href}>
              <span className="link-circles__circle" aria-hidden="true">
                <link.Icon size={28} strokeWidth={1.75} />
              </span>
              <span>{t(`Circles.${link.key}`)}</span>
            </NewTabLink>
          </li>
        ))}
        <li>
          <Link className="link-circles__item" to={paths.knowledgeBase.href()}>
            <span className="link-circles__circle" aria-hidden="true">
              <CircleQuestionMark size={28} strokeWidth={1.75} />
            </span>
            <span>{t("Circles.Faqs")}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
