import { useEffect, useId, type ReactNode } from 'react';
import { CommonTexts } from '~/texts/common';
import { CloseIcon } from './icons';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  testId?: string;
}

/** A centred modal over a dark overlay; Escape and the overlay close it. */
export function Dialog({ title, open, onClose, children, footer, width = 480, testId }: DialogProps) {
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[9000] flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className="relative flex max-h-[85vh] w-full flex-col rounded-lg bg-card shadow-xl"
        style={{ maxWidth: width }}
      >
        <header className="flex items-center justify-between border-b border-line px-5 py-3">
          <h2 id={titleId} className="text-base font-semibold text-body">
            {title}
          </h2>
          <button
            type="button"
            aria-label={CommonTexts.dialog.close}
            className="text-faint hover:text-body"
            onClick={onClose}
          >
            <CloseIcon size={18} />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        {footer && (
          <footer className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</footer>
        )}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A titled dialog with cancel and confirm buttons, like the confirmations of the original site. */
export function ConfirmDialog({ open, message, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={CommonTexts.dialog.confirmTitle}
      open={open}
      onClose={onCancel}
      width={400}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className={buttonClass.plain} onClick={onCancel}>
            {CommonTexts.dialog.cancel}
          </button>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {CommonTexts.dialog.confirm}
          </button>
        </>
      }
    >
      <p className="px-5 py-6 text-sm text-body">{message}</p>
    </Dialog>
  );
}

export const buttonClass = {
  primary:
    'inline-flex h-9 items-center justify-center rounded-md bg-accent-fill px-4 text-sm font-medium text-white hover:bg-accent-strong disabled:opacity-60',
  plain:
    'inline-flex h-9 items-center justify-center rounded-md border border-line px-4 text-sm text-body hover:border-accent hover:text-accent disabled:opacity-60',
  small:
    'inline-flex h-7 items-center justify-center rounded-md bg-accent-fill px-3 text-xs font-medium text-white hover:bg-accent-strong disabled:opacity-60',
  /** The quiet partner of `small` (cancel beside save). */
  smallPlain:
    'inline-flex h-7 items-center justify-center rounded-md border border-line px-3 text-xs text-body hover:border-accent hover:text-accent disabled:opacity-60',
} as const;

export const inputClass =
  'h-10 w-full rounded-md border border-line bg-input px-3 text-sm text-body outline-none placeholder:text-faint focus:border-accent aria-[invalid=true]:border-accent';
