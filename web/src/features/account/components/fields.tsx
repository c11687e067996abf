import { US_STATES } from "@contract/account-forms";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldError, FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { FormErrorLink } from "@/components/ui/form-error-summary";

/** The translated sentence of a schema's message (Required, Invalid, MinProperties, ...). */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message ? t(`ErrorValidation.${message}`, { defaultValue: t("ErrorValidation.Invalid") }) : "";
}

interface FieldProps {
  id: string;
  label: string;
  error?: FieldError;
  hint?: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
}

function describedBy(id: string, hint: string | undefined, error: FieldError | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function Messages({ id, hint, error }: { id: string; hint?: string; error?: FieldError }) {
  const errorText = useErrorText();
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {errorText(error.message)}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input with its hint and error wired through aria-describedby. */
export function TextField({
  id,
  label,
  error,
  hint,
  registration,
  required,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="field__optional"> ({t("Account.Form.RequiredMark")})</span> : null}
      </label>
      <Messages id={id} hint={hint} error={error} />
      <input
        id={id}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
        {...registration}
      />
    </div>
  );
}

/** The state select: the 50 states plus DC (spec 1 §5). */
export function StateField({ id, label, error, registration, required }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="field__optional"> ({t("Account.Form.RequiredMark")})</span> : null}
      </label>
      <Messages id={id} error={error} />
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        autoComplete="address-level1"
        {...registration}
      >
        <option value="">{t("Account.Form.ChooseState")}</option>
        {US_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`States.${state}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  error,
  registration,
  children,
}: Omit<FieldProps, "hint"> & { children?: ReactNode }) {
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        {...registration}
      />
      <label htmlFor={id}>{label}</label>
      <Messages id={id} error={error} />
      {children}
    </div>
  );
}

/**
 * Entries of the error summary, in the order of `fields` (field name -> [element id, label]).
 * Nested names use dots, as react-hook-form does ("additionalProperties.0.zip").
 */
export function summaryLinks(
  errors: FieldErrors,
  fields: [name: string, id: string, label: string][],
  errorText: (message: string | undefined) => string,
): FormErrorLink[] {
  const links: FormErrorLink[] = [];
  for (const [name, id, label] of fields) {
    const error = name
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | FieldError
      | undefined;
    if (error?.message) links.push({ fieldId: id, label, message: errorText(error.message) });
  }
  return links;
}
