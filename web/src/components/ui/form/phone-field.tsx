import { maskPhone } from "@contract/account-forms";
import { forwardRef, type InputHTMLAttributes } from "react";
import type { FieldProps } from "./field";
import { TextField } from "./text-field";

/** A US phone number, masked as (999) 999-9999 while it is typed (spec 1 §5). */
export const PhoneField = forwardRef<
  HTMLInputElement,
  FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "required" | "type">
>(function PhoneField(props, ref) {
  return <TextField ref={ref} type="tel" inputMode="tel" autoComplete="tel" {...props} format={maskPhone} />;
});
