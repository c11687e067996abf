import { forwardRef, type SelectHTMLAttributes } from "react";
import { Field, type FieldProps, splitFieldProps } from "./field";

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
>(function SelectField({ options, placeholder, ...props }, ref) {
  const [field, select] = splitFieldProps(props);
  return (
    <Field {...field}>
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
