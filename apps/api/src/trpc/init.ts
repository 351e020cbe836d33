import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ErrorMessages, RequestBodyMessages, TrpcCodeOf, type AppErrorShape } from '@forum/contracts';
import {
  AppError,
  assertCanPost,
  authorize,
  signedIn,
  isDatabaseUnavailable,
  trpcProcedureDuration,
  type Logger,
  type RequestContext,
  type UserDoc,
} from '@forum/core';
import { requestContextOf, resolveRequestUser } from '../context';
import { UNAVAILABLE_MESSAGE } from '../http/unavailable';

export interface TrpcContext {
  user: UserDoc | null;
  token: string | null;
  /** Who asks and from where, built once here: the first argument of every use case a procedure calls. */
  request: RequestContext;
  req: Request;
  /** For procedures that set or clear the token cookie. */
  res: Response;
  log: Logger;
  requestId: string;
}

export function createContextFactory(baseLog: Logger) {
  return async ({ req, res }: CreateExpressContextOptions): Promise<TrpcContext> => {
    const { user, token } = await resolveRequestUser(req);
    const requestId = String((req as { id?: unknown }).id ?? '');
    const request = requestContextOf(req, user);
    return { user, token, request, req, res, requestId, log: baseLog.child({ requestId }) };
  };
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let appError: AppErrorShape | null = null;
    if (AppError.is(cause)) appError = { code: cause.code, message: cause.message };
    else if (error.code === 'PARSE_ERROR' || cause instanceof SyntaxError)
      appError = { code: 'INVALID_INPUT', message: RequestBodyMessages.malformed };
    else if (error.code === 'BAD_REQUEST')
      appError = { code: 'INVALID_INPUT', message: ErrorMessages.INVALID_INPUT };
    else if (error.code === 'PAYLOAD_TOO_LARGE')
      appError = { code: 'INVALID_INPUT', message: RequestBodyMessages.tooLarge };
    const zodCause = AppError.is(cause) ? cause.cause : cause;
    const zodError = zodCause instanceof z.ZodError ? z.flattenError(zodCause) : null;
    const hidden = error.code === 'INTERNAL_SERVER_ERROR' && !appError;
    return {
      ...shape,
      message: appError?.message ?? (hidden ? ErrorMessages.INTERNAL : shape.message),
      data: { ...shape.data, stack: undefined, appError, zodError, field: fieldOf(cause) },
    };
  },
});

/**
 * The input field an error is about, for forms to show it beside that field: the AppError's own
 * `field`, or the top-level key of the first rejected input. Null when it names none.
 */
function fieldOf(cause: unknown): string | null {
  if (AppError.is(cause) && cause.field) return cause.field;
  const zodCause = AppError.is(cause) ? cause.cause : cause;
  const key = zodCause instanceof z.ZodError ? zodCause.issues[0]?.path[0] : undefined;
  return typeof key === 'string' ? key : null;
}

/** The first input issue as the user-facing text when the schema wrote one in Chinese. */
function fieldMessage(error: z.ZodError): string {
  const message = error.issues[0]?.message ?? '';
  return /[\u4e00-\u9fff]/.test(message) ? message : ErrorMessages.INVALID_INPUT;
}

/** Turns AppErrors thrown by services, and rejected input, into TRPCErrors with the right status. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'BAD_REQUEST' && result.error.cause instanceof z.ZodError) {
    const cause = new AppError('INVALID_INPUT', fieldMessage(result.error.cause), {
      cause: result.error.cause,
    });
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: UNAVAILABLE_MESSAGE,
      cause: result.error.cause,
    });
  }
  if (!result.ok && AppError.is(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TrpcCodeOf[cause.code], message: cause.message, cause });
  }
  return result;
});

/** Every call's latency, by procedure and outcome (`ok` or the tRPC error code). */
const timeProcedure = t.middleware(async ({ path, type, next }) => {
  const end = trpcProcedureDuration.startTimer({ procedure: path, type });
  const result = await next();
  end({ outcome: result.ok ? 'ok' : result.error.code });
  return result;
});

export const router = t.router;
/** One router of several, for a feature whose procedures live in a few files (`routers/users/`). */
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure.use(timeProcedure).use(mapErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  return next({ ctx: { ...ctx, user: signedIn(ctx.user) } });
});

/** Signed in and allowed to post (bbs-go "CheckPostStatus"). */
export const postingProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await assertCanPost(ctx.user);
  return next();
});

/** Owner or admin: every procedure of the admin console (`routers/admin/`). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  authorize(ctx.user, 'enterAdmin');
  return next();
});

/** The owner's part of the console: site settings, nodes, tag names, accounts and roles. */
export const ownerProcedure = authedProcedure.use(({ ctx, next }) => {
  authorize(ctx.user, 'administer');
  return next();
});
