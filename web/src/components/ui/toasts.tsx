import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { isErrorToast, TOAST_DEFAULT_MESSAGE_KEY, type Toast, ToastQueue, type ToastType } from "./toast-queue";

interface ToastApi {
  show: (type: ToastType, message?: string, durationMs?: number) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToasts(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToasts must be used inside ToastProvider");
  return value;
}

function ToastItem({ toast, queue }: { toast: Toast; queue: ToastQueue }) {
  const { t } = useTranslation();
  const itemRef = useRef<HTMLDivElement>(null);

  // Hold the toast while it is pointed at or its button has focus (WCAG 2.2.1).
  useEffect(() => {
    const item = itemRef.current;
    if (!item) return;
    const pause = () => queue.pause(toast.id);
    const resume = () => queue.resume(toast.id);
    const events: [string, () => void][] = [
      ["pointerenter", pause],
      ["pointerleave", resume],
      ["focusin", pause],
      ["focusout", resume],
    ];
    for (const [name, handler] of events) item.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) item.removeEventListener(name, handler);
    };
  }, [queue, toast.id]);

  return (
    <div ref={itemRef} className={`toast toast--${isErrorToast(toast.type) ? "error" : "success"}`}>
      <span className="toast__message">{toast.message ?? t(TOAST_DEFAULT_MESSAGE_KEY[toast.type])}</span>
      <button
        type="button"
        className="toast__dismiss"
        aria-label={t("Toast.Dismiss")}
        onClick={() => queue.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Toasts, announced through live regions that exist before any toast does (screen readers
 * ignore regions added together with their text). Errors are assertive, the rest polite.
 */
export function ToastProvider({ children, queue: givenQueue }: { children: ReactNode; queue?: ToastQueue }) {
  const { t } = useTranslation();
  const queue = useMemo(() => givenQueue ?? new ToastQueue(), [givenQueue]);
  const toasts = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.current(),
  );
  const api = useMemo<ToastApi>(
    () => ({ show: (...args) => queue.show(...args), dismiss: (id) => queue.dismiss(id) }),
    [queue],
  );
  const errors = toasts.filter((toast) => isErrorToast(toast.type));
  const others = toasts.filter((toast) => !isErrorToast(toast.type));

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={t("Toast.RegionLabel")}>
        <div className="toasts__list" role="alert" aria-live="assertive">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} queue={queue} />
          ))}
        </div>
        <div className="toasts__list" role="status" aria-live="polite">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} queue={queue} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
