import { forwardRef, type InputHTMLAttributes, type ReactNode, useEffect, useRef } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import "./auth-forms.css";

/** The text of a schema reason (Required, Invalid, RequirementsNotMet, Match). */
export function useValidationText() {
  const { t } = useTranslation();
  return (reason: string | undefined) => (reason ? t(`ErrorValidation.${reason}`, { defaultValue: reason }) : "");
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The schema's reason, already translated. */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose message is announced with it (aria-invalid, aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, ...input },
  ref,
) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? <div id={hintId}>{hint}</div> : null}
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});

export interface SummaryField {
  name: string;
  /** The id of the input, for the link. */
  id: string;
  label: string;
}

/**
 * GOV.UK's error summary: appears on a failed submit, takes focus, and links each problem to
 * its field (the link focuses the field).
 */
export function ErrorSummary<T extends FieldValues>({
  errors,
  fields,
  submitCount,
}: {
  errors: FieldErrors<T>;
  fields: SummaryField[];
  submitCount: number;
}) {
  const { t } = useTranslation();
  const text = useValidationText();
  const ref = useRef<HTMLDivElement>(null);
  const problems = fields.filter((field) => errors[field.name]?.message);
  const hasProblems = problems.length > 0;
  useEffect(() => {
    if (submitCount > 0 && hasProblems) ref.current?.focus();
  }, [submitCount, hasProblems]);
  if (!hasProblems || submitCount === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {t("Util.FormContainsErrors")}
      </h2>
      <ul>
        {problems.map((field) => (
          <li key={field.name}>
            <a
              href={`#${field.id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(field.id)?.focus();
              }}
            >
              {field.label}: {text(String(errors[field.name]?.message ?? ""))}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A status message. Errors are alerts (announced at once); the rest are polite. */
export function Banner({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
