export { toast, TOAST_DURATION_MS, type ToastKind, type ToastOptions } from './toast-store';
export { Toaster } from './Toaster';
