import { useState } from "react";
import { Field, type FieldProps } from "./field";

/**
 * Dollars as typed ("12", "12.5", "1,250.00") to integer cents; null when empty, NaN when it is
 * not an amount (so the schema answers Invalid, not Required). Money is never a float here.
 */
export function dollarsToCents(text: string): number | null {
  const plain = text.replace(/[$,\s]/g, "");
  if (plain === "") return null;
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(plain) ?? /^()\.(\d{1,2})$/.exec(plain);
  if (!match) return Number.NaN;
  return Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the field shows them: "1250.00". */
export const centsToDollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined || Number.isNaN(cents)
    ? ""
    : `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, "0")}`;

/**
 * An amount in dollars whose value is integer cents (use it through react-hook-form's
 * `Controller`). What is typed is kept as typed until the field is left, then tidied.
 */
export function MoneyField({
  id,
  label,
  hint,
  error,
  required,
  "aria-describedby": describedBy,
  value,
  onChange,
  onBlur,
  name,
  disabled,
}: FieldProps & {
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => centsToDollars(value));
  // A value set from outside (a reset) replaces what is shown; what is being typed stays.
  const typed = dollarsToCents(text);
  const agrees = typed === (value ?? null) || (Number.isNaN(typed) && Number.isNaN(value));
  if (!agrees) setText(centsToDollars(value));
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} aria-describedby={describedBy}>
      {(aria) => (
        <div className="money-field">
          <span className="money-field__prefix" aria-hidden="true">
            $
          </span>
          <input
            {...aria}
            name={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onChange(dollarsToCents(event.target.value));
            }}
            onBlur={() => {
              const cents = dollarsToCents(text);
              if (cents !== null && !Number.isNaN(cents)) setText(centsToDollars(cents));
              onBlur?.();
            }}
          />
        </div>
      )}
    </Field>
  );
}
