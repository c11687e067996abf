import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { controlAria, type FieldErrorValue, FieldMessages, RequiredMark, useFieldErrorText } from "./field";
import type { SelectOption } from "./select-field";

/** A checkbox with its label after it; its error is tied to it like any other field's. */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  { id: string; label: ReactNode; hint?: ReactNode; error?: FieldErrorValue; children?: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "id" | "type"
  >
>(function CheckboxField({ id, label, hint, error, children, ...input }, ref) {
  const text = useFieldErrorText()(error);
  return (
    <div className="field field--checkbox">
      <input ref={ref} type="checkbox" {...input} {...controlAria(id, { hint: Boolean(hint), error: Boolean(text) })} />
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={text} />
      {children}
    </div>
  );
});

/** What a radio or checkbox group shows: its id, legend, hint, error, required mark and options. */
interface ChoiceGroupProps {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorValue;
  required?: boolean;
  options: readonly SelectOption[];
}

/**
 * The fieldset of a radio or checkbox group: legend (with the required mark), hint and error tied
 * to the group, one input per option with its label. `focusable` lets the error summary's link
 * focus the fieldset itself.
 */
function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  required,
  options,
  type,
  focusable = false,
  inputProps,
}: ChoiceGroupProps & {
  type: "radio" | "checkbox";
  focusable?: boolean;
  inputProps: (option: SelectOption) => InputHTMLAttributes<HTMLInputElement> | UseFormRegisterReturn;
}) {
  const text = useFieldErrorText()(error);
  const aria = controlAria(id, { hint: Boolean(hint), error: Boolean(text) });
  return (
    <fieldset
      id={id}
      tabIndex={focusable ? -1 : undefined}
      className="field field--radios"
      aria-describedby={aria["aria-describedby"]}
    >
      <legend>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <FieldMessages id={id} hint={hint} error={text} />
      {options.map((option) => (
        <div key={option.value} className="field--checkbox">
          <input
            id={`${id}-${option.value}`}
            type={type}
            value={option.value}
            aria-invalid={aria["aria-invalid"]}
            {...inputProps(option)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * One choice among several: a fieldset whose legend is the question. The hint and error are
 * tied to the group. Each radio carries the form's registration, or, for a choice kept in
 * component state (a tab), the controlled `value` and `onValueChange`.
 */
export function RadioGroupField({
  registration,
  value,
  onValueChange,
  ...group
}: ChoiceGroupProps &
  (
    | { registration: UseFormRegisterReturn; value?: never; onValueChange?: never }
    | { registration?: never; value: string; onValueChange: (value: string) => void }
  )) {
  return (
    <ChoiceGroup
      {...group}
      type="radio"
      inputProps={(option) =>
        registration ?? {
          name: group.id,
          checked: value === option.value,
          onChange: () => onValueChange?.(option.value),
        }
      }
    />
  );
}

/**
 * Several choices ("all that apply"): a fieldset whose legend is the question, one checkbox per
 * option carrying the form's registration (react-hook-form gathers the ticked values in a list).
 * The group's id is the fieldset's, so the error summary's link lands on it; the first box takes
 * the focus from there.
 */
export function CheckboxGroupField({
  registration,
  ...group
}: ChoiceGroupProps & { registration: UseFormRegisterReturn }) {
  return <ChoiceGroup {...group} type="checkbox" focusable inputProps={() => registration} />;
}
