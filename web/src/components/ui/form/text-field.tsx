import { type ChangeEvent, forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Field, type FieldProps, splitFieldProps } from "./field";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "required">;

/**
 * A labelled input (text, email, password, number, url, search, tel). Spread react-hook-form's
 * `register(name)` on it. `format` rewrites what is typed before the form sees it (masks, limits).
 */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputProps & { format?: (value: string) => string }>(
  function TextField({ format, onChange, type = "text", ...props }, ref) {
    const [field, input] = splitFieldProps(props);
    const change = (event: ChangeEvent<HTMLInputElement>) => {
      if (format) event.target.value = format(event.target.value);
      return onChange?.(event);
    };
    return <Field {...field}>{(aria) => <input ref={ref} type={type} {...input} {...aria} onChange={change} />}</Field>;
  },
);

/** A labelled multi-line text input. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "required">
>(function TextAreaField(props, ref) {
  const [field, textarea] = splitFieldProps(props);
  return <Field {...field}>{(aria) => <textarea ref={ref} {...textarea} {...aria} />}</Field>;
});
