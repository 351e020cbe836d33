import { ErrorMessages } from '@forum/contracts';

/** The Chinese text to show for a failed call, from a tRPC error or our upload errors. */
export function errorMessage(error: unknown, fallback: string = ErrorMessages.INTERNAL): string {
  if (error && typeof error === 'object') {
    const data = (error as { data?: { appError?: { message?: unknown } | null } | null }).data;
    const appMessage = data?.appError?.message;
    if (typeof appMessage === 'string' && appMessage) return appMessage;
    const message = (error as { message?: unknown }).message;
    // tRPC puts the AppError text in `message` too; a network failure says English things.
    if (typeof message === 'string' && /[\u4e00-\u9fff]/.test(message)) return message;
  }
  return fallback;
}

/** The input field a failed call names (tRPC `data.field`: the AppError's field or the rejected key). */
export function errorField(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const field = (error as { data?: { field?: unknown } | null }).data?.field;
  return typeof field === 'string' && field ? field : null;
}
