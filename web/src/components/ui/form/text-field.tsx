import { type ChangeEvent, forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Field, type FieldProps } from "./field";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "required">;

/**
 * A labelled input (text, email, password, number, url, search, tel). Spread react-hook-form's
 * `register(name)` on it. `format` rewrites what is typed before the form sees it (masks, limits).
 */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputProps & { format?: (value: string) => string }>(
  function TextField(
    {
      id,
      label,
      hint,
      error,
      required,
      hideLabel,
      "aria-describedby": describedBy,
      format,
      onChange,
      type = "text",
      ...input
    },
    ref,
  ) {
    const change = (event: ChangeEvent<HTMLInputElement>) => {
      if (format) event.target.value = format(event.target.value);
      return onChange?.(event);
    };
    return (
      <Field
        id={id}
        label={label}
        hint={hint}
        error={error}
        required={required}
        hideLabel={hideLabel}
        aria-describedby={describedBy}
      >
        {(aria) => <input ref={ref} type={type} {...input} {...aria} onChange={change} />}
      </Field>
    );
  },
);

/** A labelled multi-line text input. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "required">
>(function TextAreaField(
  { id, label, hint, error, required, hideLabel, "aria-describedby": describedBy, ...textarea },
  ref,
) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      aria-describedby={describedBy}
    >
      {(aria) => <textarea ref={ref} {...textarea} {...aria} />}
    </Field>
  );
});
