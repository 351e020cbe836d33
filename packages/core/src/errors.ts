import { ErrorMessages, HttpStatusOf, type AppErrorCode } from '@forum/contracts';

/**
 * The one error type of the domain. Services throw it; the tRPC formatter and the legacy envelope
 * both derive their output from `code` and `message`.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string = ErrorMessages[code], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }

  get httpStatus(): number {
    return HttpStatusOf[this.code];
  }

  static is(error: unknown): error is AppError {
    return error instanceof AppError;
  }
}
