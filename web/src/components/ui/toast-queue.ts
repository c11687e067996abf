/** Toast types of spec 1 §9. */
export const TOAST_TYPES = [
  "success",
  "successAdd",
  "successRemove",
  "successUpdate",
  "error",
  "errorAdd",
  "errorRemove",
  "errorUpdate",
] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** Default display time (spec 1 §9). */
export const DEFAULT_TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  type: ToastType;
  /** Already translated text; when absent the type's standard message is shown. */
  message?: string;
  durationMs: number;
}

export const isErrorToast = (type: ToastType) => type.startsWith("error");

/** Translation key of each type's standard message (spec 1 §8 named messages). */
export const TOAST_DEFAULT_MESSAGE_KEY: Record<ToastType, string> = {
  success: "Modal.ChangesSaved",
  successAdd: "success-add",
  successRemove: "success-remove",
  successUpdate: "success-update",
  error: "Util.ErrorTryAgainLater",
  errorAdd: "error-add",
  errorRemove: "error-remove",
  errorUpdate: "error-update",
};

type Listener = (toasts: readonly Toast[]) => void;

/**
 * The toasts on screen and their timers, kept apart from React so timing is easy to test.
 * A toast whose timer is paused (pointer or focus on it) stays until resumed.
 */
export class ToastQueue {
  private toasts: Toast[] = [];
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  current(): readonly Toast[] {
    return this.toasts;
  }

  show(type: ToastType, message?: string, durationMs = DEFAULT_TOAST_DURATION_MS): number {
    // The same toast already on screen (two panels of a page failing alike) is not shown twice.
    const same = this.toasts.find((shown) => shown.type === type && shown.message === message);
    if (same) return same.id;
    const toast: Toast = { id: this.nextId++, type, message, durationMs };
    this.toasts = [...this.toasts, toast];
    this.startTimer(toast);
    this.emit();
    return toast.id;
  }

  dismiss(id: number): void {
    this.clearTimer(id);
    const remaining = this.toasts.filter((toast) => toast.id !== id);
    if (remaining.length === this.toasts.length) return;
    this.toasts = remaining;
    this.emit();
  }

  /** Holds a toast while the user reads or focuses it (WCAG 2.2.1, timing adjustable). */
  pause(id: number): void {
    this.clearTimer(id);
  }

  /** Restarts the full display time after a pause. */
  resume(id: number): void {
    const toast = this.toasts.find((candidate) => candidate.id === id);
    if (toast && !this.timers.has(id)) this.startTimer(toast);
  }

  clear(): void {
    for (const id of this.timers.keys()) this.clearTimer(id);
    this.toasts = [];
    this.emit();
  }

  private startTimer(toast: Toast): void {
    this.timers.set(
      toast.id,
      setTimeout(() => this.dismiss(toast.id), toast.durationMs),
    );
  }

  private clearTimer(id: number): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.toasts);
  }
}
