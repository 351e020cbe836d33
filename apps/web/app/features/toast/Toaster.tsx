import { useSyncExternalStore } from 'react';
import { LayoutTexts } from '~/texts/layout';
import { toastStore, type ToastKind } from './toast-store';

const none: never[] = [];

const kindClass: Record<ToastKind, string> = {
  success:
    'border-green-200 bg-green-50 text-green-700 dark:border-green-900 dark:bg-green-950 dark:text-green-300',
  error: 'border-red-200 bg-red-50 text-red-600 dark:border-red-900 dark:bg-red-950 dark:text-red-300',
  info: 'border-line bg-card text-body',
};

/** Renders the queue at the top centre, like the messages of the original site; each can be closed. */
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
          className={`pointer-events-auto flex max-w-[90vw] animate-toast-in items-start gap-3 rounded-md border px-4 py-2 text-sm shadow-md ${kindClass[toast.kind]}`}
        >
          <span>{toast.message}</span>
          <button
            type="button"
            aria-label={LayoutTexts.toast.close}
            data-testid="toast-close"
            className="-mr-1 shrink-0 px-1 leading-5 opacity-70 hover:opacity-100"
            onClick={() => toastStore.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
