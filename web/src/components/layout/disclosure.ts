import { useCallback, useId, useState } from "react";

/**
 * A disclosure (WAI-ARIA): a button that shows and hides what it controls. Spread `button` on the
 * button (aria-expanded, aria-controls and a click that toggles) and give `id` to what it shows.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  return {
    open,
    id,
    close,
    button: { "aria-expanded": open, "aria-controls": id, onClick: () => setOpen((value) => !value) },
  };
}
