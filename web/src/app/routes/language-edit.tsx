import { LANGUAGE_CODES } from "@contract/language-options";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { paths } from "@/config/paths";
import "@/components/ui/admin.css";
import { useLanguages } from "@/features/languages/api/get-languages";
import { useRawTranslations } from "@/features/languages/api/get-raw-translations";
import { TranslationEditor } from "@/features/languages/components/translation-editor";

/** /languages/:language: the translation editor of one language (spec 1 §2.11). */
export function Component() {
  const { t } = useTranslation();
  const { language = "" } = useParams();
  const { languages } = useLanguages();
  const known = (LANGUAGE_CODES as readonly string[]).includes(language);
  const name = languages.find((option) => option.i18nCode === language)?.enName ?? language;
  const title = t("Pages.LanguageEdit");
  const records = useRawTranslations(known ? language : "en");
  // Another language's editor also lists what the English texts have and it lacks (issue 28).
  const english = useRawTranslations("en");

  return (
    <>
      <PageHeading documentTitle={`${title}: ${name}`}>
        {title}: {name}
      </PageHeading>
      <p>
        <Link to={paths.languagesAdmin.href()}>{t("LanguagesAdmin.BackToList")}</Link>
      </p>
      {!known ? <p role="alert">{t("LanguagesAdmin.UnknownLanguage")}</p> : null}
      {known && records.isPending ? <p>{t("App.Loading")}</p> : null}
      {known && records.isError ? (
        <AdminLoadError error={records.error} message={t("LanguagesAdmin.LoadError")} />
      ) : null}
      {known && records.data ? (
        <TranslationEditor
          key={language}
          language={language}
          records={records.data}
          english={language === "en" ? undefined : english.data}
        />
      ) : null}
    </>
  );
}
