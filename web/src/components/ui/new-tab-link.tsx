import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A link to an outside page that opens in a new tab, and says so to screen readers after its text. */
export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t("Links.OpensInNewTab")}</span>
    </a>
  );
}
