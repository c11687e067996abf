import { type ReactNode, useEffect, useId, useRef } from "react";

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Buttons; the first focusable control in the dialog gets focus when it opens. */
  actions: ReactNode;
  /** Escape and every closing button end here. */
  onClose: () => void;
  tone?: "error" | "success" | "warning" | "neutral";
}

/**
 * A modal dialog on the native <dialog>, open while mounted: showModal() makes the rest of the
 * page inert (focus stays inside) and maps Escape to `cancel`; focus goes back on unmount.
 */
export function Dialog({ title, children, actions, onClose, tone = "neutral" }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const handleCancel = (event: Event) => {
      event.preventDefault(); // React state decides when the dialog closes.
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", handleCancel);
    return () => {
      dialog.removeEventListener("cancel", handleCancel);
      if (dialog.open) dialog.close();
      returnFocusTo?.focus();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className={`dialog dialog--${tone}`} aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
