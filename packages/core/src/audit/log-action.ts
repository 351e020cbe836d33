/**
 * Operation-log rows of what the request's actor did. Both are called after the use case's own
 * check, so `ctx.actor` is signed in (`signedIn` only says so to the type checker).
 */
import type { OperateDataType, OperateType } from './model';
import type { RequestContext } from '../request-context';
import { signedIn } from '../policies';
import { writeOperateLog } from './operate-log';

export interface LoggedAction {
  opType: OperateType;
  dataType: OperateDataType;
  dataId: number;
  description: string;
}

function logFor(ctx: RequestContext, action: LoggedAction, referer?: string): Promise<boolean> {
  return writeOperateLog({
    userId: signedIn(ctx.actor)._id,
    ...action,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referer,
  });
}

/** A change to posted content or to a user: the row keeps the request's address and browser. */
export async function logAction(ctx: RequestContext, action: LoggedAction): Promise<void> {
  await logFor(ctx, action);
}

/**
 * An admin's change to site data (nodes, tags, links, projects, words, raw rows): the row also
 * keeps the referrer, the console page the change came from.
 */
export async function logAdminAction(ctx: RequestContext, action: LoggedAction): Promise<void> {
  await logFor(ctx, action, ctx.referer);
}
