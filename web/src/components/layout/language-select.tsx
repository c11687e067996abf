import type { LanguageOption } from "@contract/language-options";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface LanguageSelectProps {
  languages: readonly LanguageOption[];
  value: string;
  onChange: (code: string) => void;
}

/** The language dropdown: a native select, named "Language" / "Idioma", options in their own language. */
export function LanguageSelect({ languages, value, onChange }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t("Language.Label")}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {languages.map((language) => (
          <option key={language.i18nCode} value={language.i18nCode} lang={language.i18nCode}>
            {language.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
