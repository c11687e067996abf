import type { ReactNode } from "react";
import { type FieldPath, type FieldValues, get, type RegisterOptions, type UseFormReturn } from "react-hook-form";
import type { SummaryField } from "./field-error-summary";

/** One field of a form as its page shows it: the control's id, its label and its hint. */
export interface FormFieldText {
  id: string;
  label: string;
  hint?: ReactNode;
  /** Where the summary's link lands when not on the control itself: a radio group's first radio. */
  summaryId?: string;
}

/**
 * A form's fields written once (name → id, label, hint). The error summary's list and each control's
 * props come from the same table, so a summary entry always names the label and links to the id of the
 * field it is about, and a control always shows the error of the name it registers. The table's order is
 * the summary's (write it in page order).
 *
 * - `summary`: the error summary's `fields`;
 * - `input(name, options?)`: id, label, hint, error and registration for a TextField, TextAreaField,
 *   SelectField or PhoneField (`<TextField {...fields.input("q")} required />`); `options` are the
 *   registration's (`{ valueAsNumber: true }` for a number field);
 * - `choice(name)`: the same for a RadioGroupField or CheckboxGroupField, whose label is its legend.
 */
export function formFields<T extends FieldValues, K extends FieldPath<T>>(
  form: Pick<UseFormReturn<T>, "register" | "formState">,
  table: Record<K, FormFieldText>,
) {
  const { errors } = form.formState;
  const summary: SummaryField[] = Object.entries<FormFieldText>(table).map(([name, { id, label, summaryId }]) => ({
    name,
    id: summaryId ?? id,
    label,
  }));
  return {
    summary,
    input(name: K, options?: RegisterOptions<T, K>) {
      const { id, label, hint } = table[name];
      return { id, label, hint, error: get(errors, name), ...form.register(name, options) };
    },
    choice(name: K) {
      const { id, label, hint } = table[name];
      return { id, legend: label, hint, error: get(errors, name), registration: form.register(name) };
    },
  };
}
