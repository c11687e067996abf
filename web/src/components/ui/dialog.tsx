import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * The usual footer: a secondary button that closes (first, so it gets focus when the dialog opens),
 * then the primary button, disabled while its work is pending or its form incomplete.
 */
export interface DialogFooter {
  closeLabel: ReactNode;
  primaryLabel: ReactNode;
  primaryDisabled?: boolean;
  /** The id of a form in the dialog the primary button submits; else it runs `onPrimary`. */
  form?: string;
  onPrimary?: () => void;
  /**
   * The dialog's body is a form (noValidate) that the primary button, or Enter in a field, submits;
   * this runs instead of the browser's submit.
   */
  onSubmit?: () => void;
}

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Buttons, or `footer`; the first focusable control in the dialog gets focus when it opens. */
  actions?: ReactNode;
  footer?: DialogFooter;
  /** Escape and every closing button end here. */
  onClose: () => void;
  tone?: "error" | "success" | "warning" | "neutral";
}

/**
 * Gives focus back after a dialog: to what had it before, or, when that was nothing (a dialog that
 * opened with the page, over <body>) or has gone, to the page's heading, so keyboard and screen
 * reader users go on from the page rather than from the top of the document (WCAG 2.4.3).
 */
function restoreFocus(previous: HTMLElement | null): void {
  if (previous && previous !== document.body && previous.isConnected) {
    previous.focus();
    if (document.activeElement === previous) return;
  }
  const heading = pageHeading();
  if (heading) {
    focusHeading(heading);
    return;
  }
  // Closed before the page under it has rendered (a record link's "Success" over "Loading the
  // portal…", every-page at load 14): focus goes to the heading once it comes, unless the user has
  // put it somewhere meanwhile.
  const arrived = new MutationObserver(() => {
    const late = pageHeading();
    if (!late) return;
    arrived.disconnect();
    if (document.activeElement === document.body || document.activeElement === null) focusHeading(late);
  });
  arrived.observe(document.body, { childList: true, subtree: true });
}

const pageHeading = () => document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/**
 * A modal dialog on the native <dialog>, open while mounted: showModal() makes the rest of the
 * page inert (focus stays inside) and maps Escape to `cancel`; focus goes back on unmount.
 */
export function Dialog({ title, children, actions, footer, onClose, tone = "neutral" }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const formId = useId();
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
      restoreFocus(returnFocusTo);
    };
  }, []);

  return (
    <dialog ref={dialogRef} className={`dialog dialog--${tone}`} aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {footer?.onSubmit ? (
          <form
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              footer.onSubmit?.();
            }}
          >
            {children}
          </form>
        ) : (
          children
        )}
      </div>
      <div className="dialog__actions">
        {actions ??
          (footer ? (
            <FooterButtons footer={footer.onSubmit ? { ...footer, form: formId } : footer} onClose={onClose} />
          ) : null)}
      </div>
    </dialog>
  );
}

function FooterButtons({ footer, onClose }: { footer: DialogFooter; onClose: () => void }) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {footer.closeLabel}
      </button>
      <button
        type={footer.form ? "submit" : "button"}
        form={footer.form}
        className="button button--primary"
        disabled={footer.primaryDisabled}
        onClick={footer.form ? undefined : footer.onPrimary}
      >
        {footer.primaryLabel}
      </button>
    </>
  );
}
