import { forwardRef, type SelectHTMLAttributes } from "react";
import { Field, type FieldProps } from "./field";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select; `placeholder` is the empty first option ("Choose ..."). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps &
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "required"> & {
      options: readonly SelectOption[];
      placeholder?: string;
    }
>(function SelectField(
  { id, label, hint, error, required, hideLabel, "aria-describedby": describedBy, options, placeholder, ...select },
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
      {(aria) => (
        <select ref={ref} {...select} {...aria}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
