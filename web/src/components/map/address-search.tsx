import type { AddressCandidate, AddressSuggestion } from "@contract/maps";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { geocodeAddress, useAddressSuggestions } from "@/api/maps";
import { controlAria, type FieldErrorValue, RequiredMark, useFieldErrorText } from "@/components/ui/form/field";
import { useDebounced } from "@/lib/use-debounced";

/** Typing pauses this long before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 250;

export interface AddressSearchProps {
  /** The input's id (the error summary links to it). */
  id: string;
  required?: boolean;
  error?: FieldErrorValue;
  /** A geocoded address the resident still has to confirm. */
  onFound: (candidate: AddressCandidate) => void;
  /** Nothing matched (Report.NoAddressFound) or the geocoder failed. */
  onProblem: (problem: "not-found" | "unavailable" | null) => void;
}

/**
 * The address step's route that needs no map (FixMyStreet #6139): type, pick a suggestion (an
 * ARIA 1.2 combobox: arrows move, Enter picks, Escape closes) or press Find, then confirm.
 */
export function AddressSearch({ id, required, error, onFound, onProblem }: AddressSearchProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText()(error);
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const settled = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const suggestions = useAddressSuggestions(open ? settled : "");
  const options: AddressSuggestion[] = open && settled === text ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = options.length > 0;
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (suggestions.isError) onProblem("unavailable");
  }, [suggestions.isError, onProblem]);

  const find = async (address: string, magicKey?: string) => {
    if (!address.trim()) return;
    setOpen(false);
    setActive(-1);
    setBusy(true);
    onProblem(null);
    try {
      const { candidates } = await geocodeAddress(address.trim(), magicKey);
      const best = candidates[0];
      if (best) onFound(best);
      else onProblem("not-found");
    } catch {
      onProblem("unavailable");
    } finally {
      setBusy(false);
    }
  };

  const choose = (option: AddressSuggestion) => {
    setText(option.text);
    void find(option.text, option.magicKey);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && expanded) {
      event.preventDefault();
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === "ArrowUp" && expanded) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter") {
      // Enter never submits the surrounding form from here: it picks or finds.
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
      else void find(text);
    }
  };

  const aria = controlAria(id, { hint: true, error: Boolean(errorText) });
  return (
    <div className="field address-search">
      <label htmlFor={id}>
        {t("Map.TypeAddress")}
        {required ? <RequiredMark /> : null}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t("Map.TypeAddressHint")}
      </p>
      {errorText ? (
        <p id={`${id}-error`} className="field__error">
          {errorText}
        </p>
      ) : null}
      <div className="address-search__row">
        <div className="address-search__combobox">
          <input
            ref={inputRef}
            {...aria}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <div
            id={listId}
            role="listbox"
            aria-label={t("Map.Suggestions")}
            className="address-search__list"
            hidden={!expanded}
          >
            {options.map((option, index) => (
              <div
                key={option.magicKey}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="address-search__option"
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                {option.text}
              </div>
            ))}
          </div>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void find(text)} disabled={busy}>
          {busy ? t("Map.Finding") : t("Map.Find")}
        </button>
      </div>
    </div>
  );
}
