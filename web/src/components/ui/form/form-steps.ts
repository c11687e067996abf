import { useEffect, useRef, useState } from "react";
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/** The `type` of an error the form put on a field from a server's answer (as applyApiFieldErrors does). */
export const SERVER_ERROR = "server";

/** The dotted names of the fields that have an error ("details.container"), in the order they were set. */
export function errorNames(errors: FieldErrors, prefix = ""): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || typeof error !== "object") return [];
    const name = prefix ? `${prefix}.${key}` : key;
    // A field's error has a string type; anything else groups the errors of an object's fields.
    return typeof (error as { type?: unknown }).type === "string" ? [name] : errorNames(error as FieldErrors, name);
  });
}

const within = (name: string, changed: string) => name === changed || name.startsWith(`${changed}.`);

/**
 * A form of several steps on one react-hook-form (one schema for the whole form):
 * - `check(names)` validates only the current step's fields (`trigger(names)`: the other steps'
 *   fields are neither checked nor marked) and counts a failed try;
 * - `failed()` counts a refusal the form put on its fields itself, such as a server's reason
 *   (`setError(name, { type: SERVER_ERROR, message })`);
 * - `submitCount` is that count, for FieldErrorSummary, which takes focus once per failed try.
 *
 * As GOV.UK asks, an error goes as soon as its field is right: while errors show, each change checks
 * again the fields that have one, and a server's reason goes when its own field changes. A field
 * that turns wrong is told at the next try, not while the person types.
 */
export function useFormSteps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "trigger" | "watch" | "formState" | "clearErrors" | "getFieldState">,
) {
  const [submitCount, setSubmitCount] = useState(0);
  const failed = () => setSubmitCount((count) => count + 1);
  const { trigger, watch, clearErrors, getFieldState } = form;
  // The errors as last shown; each is confirmed against the form's live state before it is acted on.
  const shown = useRef(form.formState.errors);
  shown.current = form.formState.errors;

  useEffect(() => {
    const { unsubscribe } = watch((_values, { name: changed }) => {
      const names = errorNames(shown.current).filter((name) => getFieldState(name as FieldPath<T>).invalid);
      const isServer = (name: string) => getFieldState(name as FieldPath<T>).error?.type === SERVER_ERROR;
      const answered = names.filter((name) => isServer(name) && changed !== undefined && within(name, changed));
      if (answered.length > 0) clearErrors(answered as FieldPath<T>[]);
      const schemaErrors = names.filter((name) => !isServer(name));
      if (schemaErrors.length > 0) void trigger(schemaErrors as FieldPath<T>[]);
    });
    return unsubscribe;
  }, [watch, trigger, clearErrors, getFieldState]);

  return {
    submitCount,
    failed,
    async check(names: readonly FieldPath<T>[]): Promise<boolean> {
      const valid = await trigger([...names]);
      if (!valid) failed();
      return valid;
    },
  };
}
