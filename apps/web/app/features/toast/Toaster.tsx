import { useSyncExternalStore } from 'react';
import { toastStore, type ToastKind } from './toast-store';

const none: never[] = [];

const kindClass: Record<ToastKind, string> = {
  success:
    'border-green-200 bg-green-50 text-green-700 dark:border-green-900 dark:bg-green-950 dark:text-green-300',
  error: 'border-red-200 bg-red-50 text-red-600 dark:border-red-900 dark:bg-red-950 dark:text-red-300',
  info: 'border-line bg-card text-body',
};

/** Renders the queue at the top centre, like the messages of the original site. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, () => none);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-16 z-[10000] flex flex-col items-center gap-2"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`animate-toast-in rounded-md border px-4 py-2 text-sm shadow-md ${kindClass[toast.kind]}`}
        >
          {toast.message}
        </div>
      ))}
    </div>
  );
}
