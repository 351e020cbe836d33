import { ErrorMessages, HttpStatusOf, type AppErrorCode } from '@forum/contracts';

/**
 * The one error type of the domain. Services throw it; the tRPC formatter and the legacy envelope
 * both derive their output from `code` and `message`. `field` names the input field a refusal is
 * about (`'email'`, `'content'`, the input's own key), so a form can show it beside that field;
 * tRPC sends it as `data.field`, the legacy envelope never (bbs-go's wire has no place for it).
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field: string | undefined;

  constructor(
    code: AppErrorCode,
    message: string = ErrorMessages[code],
    options?: { cause?: unknown; field?: string },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.field = options?.field;
  }

  /** The same refusal, about the input field `field`. */
  static about(field: string, code: AppErrorCode, message?: string): AppError {
    return new AppError(code, message, { field });
  }

  get httpStatus(): number {
    return HttpStatusOf[this.code];
  }

  static is(error: unknown): error is AppError {
    return error instanceof AppError;
  }
}
