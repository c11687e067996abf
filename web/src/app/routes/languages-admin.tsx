import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import "@/components/ui/admin.css";
import { TableScroll } from "@/components/ui/table-scroll";
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
      <TableScroll label={title}>
        <table className="admin-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("LanguagesAdmin.Code")}</th>
              <th scope="col">{t("LanguagesAdmin.EnglishName")}</th>
              <th scope="col">{t("LanguagesAdmin.NativeName")}</th>
              <th scope="col">{t("LanguagesAdmin.Translations")}</th>
            </tr>
          </thead>
          <tbody>
            {languages.map((language) => (
              <tr key={language.i18nCode}>
                <th scope="row">{language.i18nCode}</th>
                <td>{language.enName}</td>
                <td lang={language.i18nCode}>{language.nativeName}</td>
                <td>
                  <Link to={paths.languageEdit.href(language.i18nCode)}>
                    {t("LanguagesAdmin.EditTranslations", { language: language.enName })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
