import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { SearchField } from "@/components/ui/form/search-field";
import { paths } from "@/config/paths";

/** The header's site search: Enter or the button opens /search?term= (spec 1 §2.2). */
export function SiteSearch({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SearchField
      id={id}
      className={className}
      label={t("Header.SearchLabel")}
      buttonText={t("Header.SearchButton")}
      onSearch={(term) => navigate(paths.search.href(term))}
    />
  );
}
