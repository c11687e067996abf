import { type FormEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";

/** The header's site search: Enter or the button opens /search?term= (spec 1 §2.2). */
export function SiteSearch({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = inputRef.current?.value.trim() ?? "";
    if (!term) {
      inputRef.current?.focus();
      return;
    }
    navigate(paths.search.href(term));
  };

  return (
    <search id={id} className={className}>
      <form className="site-search__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t("Header.SearchLabel")}
        </label>
        <input ref={inputRef} id={inputId} type="search" name="term" autoComplete="off" />
        <button type="submit" className="button button--primary">
          {t("Header.SearchButton")}
        </button>
      </form>
    </search>
  );
}
