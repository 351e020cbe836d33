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
