import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import "./form/form.css";

export interface FormErrorLink {
  /** The id of the field the entry leads to. */
  fieldId: string;
  label: string;
  message: string;
}

/**
 * The banner 'Util.FormContainsErrors' (spec 1 §5) at the top of a form after a failed submit
 * (GOV.UK error summary): it takes focus, and each entry links to its field.
 */
export function FormErrorSummary({
  errors,
  submitCount,
  onReveal,
  title,
}: {
  errors: FormErrorLink[];
  submitCount: number;
  /** The banner's heading, when a page's spec names its own (the zoning inquiry's). */
  title?: string;
  /** Brings a field that is not on screen (another page of a table) into the page first. */
  onReveal?: (fieldId: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const focusedFor = useRef(0);
  const shown = errors.length > 0;

  // Focus once per failed submit (the errors may arrive a render after the count), not on every
  // keystroke that changes the list.
  useEffect(() => {
    if (shown && submitCount > focusedFor.current) {
      focusedFor.current = submitCount;
      ref.current?.focus();
    }
  }, [submitCount, shown]);

  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className="error-summary__title">
        {title ?? t("Util.FormContainsErrors")}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                const focusField = () => {
                  const field = document.getElementById(error.fieldId);
                  (field?.closest(".field") ?? field)?.scrollIntoView?.({ block: "center" });
                  field?.focus();
                };
                if (!document.getElementById(error.fieldId) && onReveal) {
                  onReveal(error.fieldId);
                  window.setTimeout(focusField, 50);
                } else focusField();
              }}
            >
              {error.label}: {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
