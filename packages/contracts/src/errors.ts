/**
 * Stable error codes shared by every transport. The legacy REST layer turns them into bbs-go's
 * numeric `errorCode`; the tRPC error formatter exposes them as `data.appError`.
 */
export const AppErrorCode = {
  NotSignedIn: 'NOT_SIGNED_IN',
  Forbidden: 'FORBIDDEN',
  CaptchaInvalid: 'CAPTCHA_INVALID',
  UserMuted: 'USER_MUTED',
  UserDisabled: 'USER_DISABLED',
  ObservationPeriod: 'OBSERVATION_PERIOD',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  NotFound: 'NOT_FOUND',
  InvalidInput: 'INVALID_INPUT',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
} as const;
export type AppErrorCode = (typeof AppErrorCode)[keyof typeof AppErrorCode];

/** The Chinese texts users see, defined once. */
export const ErrorMessages = {
  NOT_SIGNED_IN: '请先登录',
  FORBIDDEN: '无权限',
  CAPTCHA_INVALID: '验证码错误',
  USER_MUTED: '已被禁言',
  USER_DISABLED: '账号已禁用',
  OBSERVATION_PERIOD: '账号尚在观察期，请稍后再试',
  EMAIL_NOT_VERIFIED: '请先验证邮箱',
  NOT_FOUND: '数据不存在',
  INVALID_INPUT: '参数错误',
  CONFLICT: '数据冲突',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  INTERNAL: '服务器异常，请稍后再试',
} as const satisfies Record<AppErrorCode, string>;

/** Refusals of a request's body as a whole, before any field is read (no legacy text exists). */
export const RequestBodyMessages = {
  tooLarge: '请求数据过大',
  malformed: '请求数据格式错误',
  encoding: '不支持压缩或未知编码的请求数据',
} as const;

/** The largest form, multipart (without its file) or tRPC body any endpoint accepts. */
export const MAX_REQUEST_BODY_BYTES = 2 * 1024 * 1024;

/**
 * bbs-go's numeric codes (docs/legacy-api.md §0.5). Codes absent here are sent as "message" errors
 * (errorCode 0, success false), exactly as the legacy server does.
 */
export const LegacyErrorCodes: Partial<Record<AppErrorCode, number>> = {
  NOT_SIGNED_IN: 1,
  CAPTCHA_INVALID: 1000,
  USER_MUTED: 1001,
  USER_DISABLED: 1002,
  OBSERVATION_PERIOD: 1003,
  EMAIL_NOT_VERIFIED: 1004,
};

/** HTTP status used by tRPC and by non-legacy HTTP endpoints. */
export const HttpStatusOf: Record<AppErrorCode, number> = {
  NOT_SIGNED_IN: 401,
  FORBIDDEN: 403,
  CAPTCHA_INVALID: 400,
  USER_MUTED: 403,
  USER_DISABLED: 403,
  OBSERVATION_PERIOD: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The tRPC error codes an AppError can become (a subset of `TRPC_ERROR_CODE_KEY`). */
export type TrpcErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

/** The tRPC code of each AppError code; tRPC answers it with the status of `HttpStatusOf`. */
export const TrpcCodeOf: Record<AppErrorCode, TrpcErrorCode> = {
  NOT_SIGNED_IN: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CAPTCHA_INVALID: 'BAD_REQUEST',
  USER_MUTED: 'FORBIDDEN',
  USER_DISABLED: 'FORBIDDEN',
  OBSERVATION_PERIOD: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  INVALID_INPUT: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** What a client receives in `error.data.appError` over tRPC. */
export interface AppErrorShape {
  code: AppErrorCode;
  message: string;
}
