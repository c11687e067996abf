import type { FormEvent } from "react";
import { controlAria } from "./control-aria";
import "./search-field.css";

export interface SearchFieldProps {
  /** The search landmark's id (a toggle's aria-controls); the input's is derived from it. */
  id: string;
  /** The input's label: read, not shown (the button says what the box is for). */
  label: string;
  buttonText: string;
  /** Called with the trimmed term; an empty term keeps focus in the box instead. */
  onSearch: (term: string) => void;
  className?: string;
}

/**
 * A one-box search form in a search landmark (Enter or the button submits). The kit's primitive for
 * search boxes shown on every page: its stylesheet is a few lines, so the header carries no form.css.
 */
export function SearchField({ id, label, buttonText, onSearch, className }: SearchFieldProps) {
  const inputId = `${id}-term`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("term") as HTMLInputElement;
    const term = input.value.trim();
    if (term) onSearch(term);
    else input.focus();
  };
  return (
    <search id={id} className={className ? `search-field ${className}` : "search-field"}>
      <form className="search-field__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input type="search" name="term" autoComplete="off" {...controlAria(inputId, {})} />
        <button type="submit" className="button button--primary">
          {buttonText}
        </button>
      </form>
    </search>
  );
}
