import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from "react-hook-form";
import type { SummaryField } from "@/components/ui/form/field-error-summary";
import { TextField } from "@/components/ui/form/text-field";

/** One input of an auth form: listed once, rendered by AuthFields and linked by the error summary. */
export interface AuthField<Name extends string = string> extends SummaryField {
  name: Name;
  type: "email" | "password";
  autoComplete: string;
  hint?: ReactNode;
}

/** The email input the auth forms start with, `${idPrefix}-email`. */
export function emailField(t: TFunction, idPrefix: string): AuthField<"email"> {
  return {
    name: "email",
    id: `${idPrefix}-email`,
    label: t("Auth.Fields.Email"),
    type: "email",
    autoComplete: "email",
  };
}

/** The form's inputs in order, each a kit TextField registered with react-hook-form. */
export function AuthFields<T extends FieldValues>({
  fields,
  register,
  errors,
}: {
  fields: AuthField<Path<T>>[];
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  return fields.map(({ name, ...field }) => (
    <TextField key={name} {...field} error={get(errors, name)} {...register(name)} />
  ));
}
