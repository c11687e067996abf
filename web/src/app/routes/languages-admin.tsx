import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import "@/components/ui/admin.css";
import { AdminTable } from "@/components/ui/admin-table";
import { useLanguages } from "@/features/languages/api/get-languages";

/** /languages: the portal's languages, each with a link to its translation editor (spec 1 §2.11). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.LanguagesAdmin");
  const { languages, isLoaded } = useLanguages();
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {isLoaded ? null : <p>{t("App.Loading")}</p>}
      <AdminTable
        label={title}
        caption
        rows={languages}
        rowKey={(language) => language.i18nCode}
        columns={[
          { header: t("LanguagesAdmin.Code"), rowHeader: true, cell: (language) => language.i18nCode },
          { header: t("LanguagesAdmin.EnglishName"), cell: (language) => language.enName },
          {
            header: t("LanguagesAdmin.NativeName"),
            cellProps: (language) => ({ lang: language.i18nCode }),
            cell: (language) => language.nativeName,
          },
          {
            header: t("LanguagesAdmin.Translations"),
            cell: (language) => (
              <Link to={paths.languageEdit.href(language.i18nCode)}>
                {t("LanguagesAdmin.EditTranslations", { language: language.enName })}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
