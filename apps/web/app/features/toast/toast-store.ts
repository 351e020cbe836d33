/** A tiny toast queue any code can push to (also outside React, e.g. after a failed request). */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastOptions {
  /** Called when the toast disappears, e.g. to navigate after '请先登录'. */
  onClose?: () => void;
}

export const TOAST_DURATION_MS = 800;

type Listener = (toasts: readonly Toast[]) => void;

export function createToastStore(duration = TOAST_DURATION_MS) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toasts));

  function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
    const id = nextId++;
    toasts = [...toasts, { id, kind, message }];
    emit();
    setTimeout(() => {
      toasts = toasts.filter((toast) => toast.id !== id);
      emit();
      options.onClose?.();
    }, duration);
    return id;
  }

  return {
    show,
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
