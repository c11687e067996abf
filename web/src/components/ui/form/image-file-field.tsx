import { isUploadImageType, UPLOAD_IMAGE_TYPES } from "@contract/images";
import { forwardRef } from "react";
import { ApiError } from "@/lib/api-client";
import { controlAria } from "./field";

/** Why a chosen image can't be sent (or was refused): the message keys of both upload forms. */
export type ImageProblem = "Choose" | "NotAnImage" | "TooLarge";

/** Checks a chosen file before it is sent: one of the accepted raster types, within the size. */
export function imageFileProblem(file: File | undefined, maxBytes: number): ImageProblem | null {
  if (!file) return "Choose";
  if (!isUploadImageType(file.type)) return "NotAnImage";
  if (file.size > maxBytes) return "TooLarge";
  return null;
}

/** The server's refusal of an upload in the same terms; null for anything else (an outage). */
export function imageUploadProblem(cause: unknown): ImageProblem | null {
  if (cause instanceof ApiError && cause.status === 413) return "TooLarge";
  if (cause instanceof ApiError && cause.status === 400) return "NotAnImage";
  return null;
}

/** A labelled image file input with its hint, and its error announced and tied to it. */
export const ImageFileField = forwardRef<
  HTMLInputElement,
  { id: string; label: string; hint: string; error: string | null }
>(function ImageFileField({ id, label, hint, error }, ref) {
  return (
    <>
      <label htmlFor={`${id}-file`}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <input
        ref={ref}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(",")}
        {...controlAria(`${id}-file`, { describedBy: error ? `${id}-hint ${id}-error` : `${id}-hint` })}
        aria-invalid={error ? true : undefined}
      />
    </>
  );
});
