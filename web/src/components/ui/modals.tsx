import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readStoredJson, removeStored, writeStored } from "@/lib/web-storage";
import { Dialog } from "./dialog";

/** The generic modal kinds of spec 1 §8. */
export interface WarningOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
}

interface ModalApi {
  /** Header 'Oops', a generic body unless one is given, and a Close button. */
  showError: (body?: ReactNode) => void;
  /** Header 'Success', 'changes saved' unless a body is given, and an Okay button. */
  showSuccess: (body?: ReactNode) => void;
  /** Two buttons; resolves true when the user confirms. */
  showWarning: (options: WarningOptions) => Promise<boolean>;
}

type ActiveModal =
  | { kind: "error"; body?: ReactNode }
  | { kind: "success"; body?: ReactNode }
  | { kind: "warning"; options: WarningOptions; resolve: (confirmed: boolean) => void };

const ModalContext = createContext<ModalApi | null>(null);

const CARRIED_MESSAGE_KEY = "portal.carriedMessage";
const RELOAD_EVENT = "portal:reload";

/**
 * Reloads the document, carrying an open success or error message over to the new one: a reload the
 * app makes itself (leaving the chat assistant behind on a payment page) must not swallow a message
 * the user has not read yet, such as the late-payment-interest case number shown before its payment.
 */
export function reloadKeepingOpenMessage(): void {
  window.dispatchEvent(new Event(RELOAD_EVENT));
  window.location.reload();
}

/** The message carried over by `reloadKeepingOpenMessage`, read once. */
function takeCarriedMessage(): ActiveModal | null {
  // Storage refused or a foreign value: nothing to carry over.
  const parsed = readStoredJson("session", CARRIED_MESSAGE_KEY) as { kind?: unknown; body?: unknown } | null;
  removeStored("session", CARRIED_MESSAGE_KEY);
  if ((parsed?.kind === "success" || parsed?.kind === "error") && typeof parsed.body === "string")
    return { kind: parsed.kind, body: parsed.body };
  return null;
}

export function useModals(): ModalApi {
  const value = useContext(ModalContext);
  if (!value) throw new Error("useModals must be used inside ModalProvider");
  return value;
}

export function ModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<ActiveModal | null>(takeCarriedMessage);
  const activeRef = useRef(active);
  activeRef.current = active;

  useEffect(() => {
    const carry = () => {
      const current = activeRef.current;
      if ((current?.kind === "success" || current?.kind === "error") && typeof current.body === "string")
        writeStored("session", CARRIED_MESSAGE_KEY, JSON.stringify({ kind: current.kind, body: current.body }));
    };
    window.addEventListener(RELOAD_EVENT, carry);
    return () => window.removeEventListener(RELOAD_EVENT, carry);
  }, []);

  const close = useCallback((confirmed = false) => {
    const current = activeRef.current;
    if (current?.kind === "warning") current.resolve(confirmed);
    setActive(null);
  }, []);

  const api = useMemo<ModalApi>(
    () => ({
      showError: (body) => setActive({ kind: "error", body }),
      showSuccess: (body) => setActive({ kind: "success", body }),
      showWarning: (options) =>
        new Promise<boolean>((resolve) => {
          // A second warning answers the first one with "no" rather than leaving it pending.
          if (activeRef.current?.kind === "warning") activeRef.current.resolve(false);
          setActive({ kind: "warning", options, resolve });
        }),
    }),
    [],
  );

  return (
    <ModalContext.Provider value={api}>
      {children}
      {active?.kind === "error" && (
        <Dialog
          tone="error"
          title={t("Modal.ErrorTitle")}
          onClose={() => close()}
          actions={
            <button type="button" className="button button--primary" onClick={() => close()}>
              {t("Modal.Close")}
            </button>
          }
        >
          <div>{active.body ?? t("Util.ErrorTryAgainLater")}</div>
        </Dialog>
      )}
      {active?.kind === "success" && (
        <Dialog
          tone="success"
          title={t("Modal.SuccessTitle")}
          onClose={() => close()}
          actions={
            <button type="button" className="button button--primary" onClick={() => close()}>
              {t("Modal.Okay")}
            </button>
          }
        >
          <div>{active.body ?? t("Modal.ChangesSaved")}</div>
        </Dialog>
      )}
      {active?.kind === "warning" && (
        <Dialog
          tone="warning"
          title={active.options.title}
          onClose={() => close(false)}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => close(false)}>
                {active.options.cancelLabel ?? t("Modal.Cancel")}
              </button>
              <button type="button" className="button button--primary" onClick={() => close(true)}>
                {active.options.confirmLabel}
              </button>
            </>
          }
        >
          <div>{active.options.body}</div>
        </Dialog>
      )}
    </ModalContext.Provider>
  );
}
