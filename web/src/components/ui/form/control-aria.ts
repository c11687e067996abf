/**
 * The ids a control points at, and its invalid state (WCAG 1.3.1, 3.3.1). A module of its own, with no
 * stylesheet, so a control shown on every page (the header's search) uses it without pulling form.css
 * into the first page's CSS.
 */
export function controlAria(
  id: string,
  { hint, error, describedBy: more }: { hint?: boolean; error?: boolean; describedBy?: string },
) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, more].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}
