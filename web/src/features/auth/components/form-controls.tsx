import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { type FieldErrors, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorSummary } from "@/components/ui/form-error-summary";
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

/** One input of an auth form: listed once, rendered by RegisteredFields and linked by ErrorSummary. */
export interface AuthField<Name extends string = string> {
  name: Name;
  /** The id of the input, for the label and the summary's link. */
  id: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  hint?: ReactNode;
}

/** The form's inputs in order, each registered with react-hook-form and showing its own error. */
export function RegisteredFields<T extends FieldValues>({
  form,
  fields,
}: {
  form: UseFormReturn<T>;
  fields: AuthField<Path<T>>[];
}) {
  const text = useValidationText();
  const { errors } = form.formState;
  return fields.map(({ name, ...input }) => (
    <TextField key={name} {...input} error={text(get(errors, name)?.message)} {...form.register(name)} />
  ));
}

/** The shared error summary (Util.FormContainsErrors, focus, links) over a form's field errors. */
export function ErrorSummary<T extends FieldValues>({
  errors,
  fields,
  submitCount,
}: {
  errors: FieldErrors<T>;
  fields: Pick<AuthField, "name" | "id" | "label">[];
  submitCount: number;
}) {
  const text = useValidationText();
  const links = fields.flatMap((field) => {
    const reason = get(errors, field.name)?.message;
    return reason ? [{ fieldId: field.id, label: field.label, message: text(String(reason)) }] : [];
  });
  return <FormErrorSummary errors={submitCount > 0 ? links : []} submitCount={submitCount} />;
}

/** A status message. Errors are alerts (announced at once); the rest are polite. */
export function Banner({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
