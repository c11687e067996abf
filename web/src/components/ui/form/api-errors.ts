import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api-client";

/**
 * Puts the API's refusal on the form's fields: a 400 whose `error.fields` maps "body.zip" (or
 * "body.additionalProperties.0.zip") to a reason. Returns whether any field got an error, so
 * the caller shows its general failure otherwise. `only` limits it to the fields the form has.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { only, shouldFocus = false }: { only?: readonly string[]; shouldFocus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let applied = false;
  for (const [path, reason] of Object.entries(error.fields)) {
    const name = path.replace(/^body\./, "");
    if (only && !only.includes(name)) continue;
    setError(name as FieldPath<T>, { type: "server", message: reason }, { shouldFocus: shouldFocus && !applied });
    applied = true;
  }
  return applied;
}
