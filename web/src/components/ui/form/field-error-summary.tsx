import { type FieldErrors, get } from "react-hook-form";
import { type FormErrorLink, FormErrorSummary } from "../form-error-summary";
import { useErrorText } from "./field";

/** A field as the error summary lists it: its form name, its control's id and its label. */
export interface SummaryField {
  name: string;
  id: string;
  label: string;
}

/**
 * The summary's entries, in the order of `fields` (dotted names reach into lists and objects). A
 * message is a reason, a translation key or a translated sentence (useErrorText), so a server's
 * reason put on a field with setError is listed beside the schema's.
 */
export function summaryLinks(
  errors: FieldErrors,
  fields: readonly SummaryField[],
  errorText: (reason: string | undefined, type?: string) => string,
): FormErrorLink[] {
  return fields.flatMap(({ name, id, label }) => {
    const error = get(errors, name);
    const reason = error?.message;
    return typeof reason === "string" && reason ? [{ fieldId: id, label, message: errorText(reason, error.type) }] : [];
  });
}

/**
 * The error summary (GOV.UK) over a react-hook-form's errors: after a failed submit it takes
 * focus and links to each field with an error, in page order.
 */
export function FieldErrorSummary({
  errors,
  fields,
  submitCount,
  title,
}: {
  errors: FieldErrors;
  fields: readonly SummaryField[];
  submitCount: number;
  title?: string;
}) {
  const errorText = useErrorText();
  return <FormErrorSummary errors={summaryLinks(errors, fields, errorText)} submitCount={submitCount} title={title} />;
}
