import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { controlAria } from "./control-aria";
import "./form.css";

export { controlAria };

/**
 * A field's error: a reason in an object, as react-hook-form holds it (see useErrorText); or a
 * sentence already translated.
 */
export type FieldErrorValue = string | { message?: string; type?: string } | null | undefined;

/**
 * The `type` of a react-hook-form error whose message is a sentence already translated (a server's
 * own words): it is shown as it is (`setError(name, { type: TRANSLATED_ERROR, message })`).
 */
export const TRANSLATED_ERROR = "translated";

/**
 * The text of an error's message: a schema or API reason ("Required", "Invalid", ...) from
 * ErrorValidation; else a whole translation key ("Report.PhotoProblems.TooLarge": a form's own or a
 * server's reason), so the text follows a language switch; a message of type TRANSLATED_ERROR as it
 * is. Anything else reads as 'Invalid' rather than as an English code.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (reason: string | undefined, type?: string) => {
    if (!reason) return "";
    if (type === TRANSLATED_ERROR) return reason;
    if (i18n.exists(`ErrorValidation.${reason}`)) return t(`ErrorValidation.${reason}`);
    // A key of a group of texts, not of one text, is no message.
    const text: unknown = i18n.exists(reason) ? t(reason, { returnObjects: true }) : undefined;
    return typeof text === "string" ? text : t("ErrorValidation.Invalid");
  };
}

/** The shown text of a field error ("" when there is none). */
export function useFieldErrorText() {
  const errorText = useErrorText();
  return (error: FieldErrorValue) => (typeof error === "string" ? error : errorText(error?.message, error?.type));
}

/** The one required marker: a word in the label, so it is read with it (no asterisk legend needed). */
export function RequiredMark() {
  const { t } = useTranslation();
  return <span className="field__required"> ({t("Form.Required")})</span>;
}

/** A field's hint and error, with the ids `controlAria` points at. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        typeof hint === "string" ? (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        ) : (
          <div id={`${id}-hint`}>{hint}</div>
        )
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface FieldProps {
  /** The control's id: the label, the hint, the error and the error summary's link use it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorValue;
  required?: boolean;
  /** The label is read, not shown (a table's cell, whose column header shows it). */
  hideLabel?: boolean;
  /** Further ids that describe the control (a live status line under it). */
  "aria-describedby"?: string;
}

/** Splits a field component's props: those of the Field around the control, and the control's own. */
export function splitFieldProps<P extends FieldProps>(props: P) {
  const { id, label, hint, error, required, hideLabel, "aria-describedby": describedBy, ...control } = props;
  const field: FieldProps = { id, label, hint, error, required, hideLabel, "aria-describedby": describedBy };
  return [field, control] as const;
}

/**
 * Label, hint, error and the control, in the GOV.UK order. `children` receives the control's
 * aria props (id, aria-invalid, aria-describedby) to spread on it.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  hideLabel,
  "aria-describedby": describedBy,
  children,
}: FieldProps & { children: (aria: ReturnType<typeof controlAria>) => ReactNode }) {
  const text = useFieldErrorText()(error);
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <FieldMessages id={id} hint={hint} error={text} />
      {children(controlAria(id, { hint: Boolean(hint), error: Boolean(text), describedBy }))}
    </div>
  );
}
