/** A tiny toast queue any code can push to (also outside React, e.g. after a failed request). */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastOptions {
  /** Called when the toast disappears, e.g. to navigate after asking to sign in. */
  onClose?: () => void;
  /**
   * How long it stays, in ms; null until the reader closes it. Defaults: a success or a notice
   * TOAST_DURATION_MS, an error until closed (WCAG 2.2.1: a reader who looked away still reads why
   * their write failed).
   */
  duration?: number | null;
}

/** Long enough to read a sentence of Chinese twice. */
export const TOAST_DURATION_MS = 3000;

type Listener = (toasts: readonly Toast[]) => void;

export function createToastStore(defaultDuration = TOAST_DURATION_MS) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toasts));

  const closers = new Map<number, () => void>();

  function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
    const id = nextId++;
    // The same error twice (a second failed click) is one toast, not a growing stack.
    const repeated = toasts.find((toast) => toast.kind === kind && toast.message === message);
    if (repeated) dismiss(repeated.id);
    // A success means what failed before was corrected: its error has done its work.
    if (kind === 'success') for (const toast of toasts) if (toast.kind === 'error') dismiss(toast.id);
    toasts = [...toasts, { id, kind, message }];
    emit();
    const duration =
      options.duration !== undefined ? options.duration : kind === 'error' ? null : defaultDuration;
    const timer = duration === null ? undefined : setTimeout(() => dismiss(id), duration);
    closers.set(id, () => {
      clearTimeout(timer);
      options.onClose?.();
    });
    return id;
  }

  /** Removes a toast (its time is up, or the reader closed it) and calls its onClose once. */
  function dismiss(id: number): void {
    const close = closers.get(id);
    if (!close) return;
    closers.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
    close();
  }

  return {
    show,
    dismiss,
    snapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const toastStore = createToastStore();

export const toast = {
  success: (message: string, options?: ToastOptions) => toastStore.show('success', message, options),
  error: (message: string, options?: ToastOptions) => toastStore.show('error', message, options),
  info: (message: string, options?: ToastOptions) => toastStore.show('info', message, options),
};
