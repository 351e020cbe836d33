/** The operation-log row of an admin's change to site data (nodes, tags, links, projects, words). */
import type { OperateDataType, OperateType } from './model';
import type { RequestContext } from '../request-context';
import { signedIn } from '../policies';
import { writeOperateLog } from './operate-log';

export interface AdminAction {
  opType: OperateType;
  dataType: OperateDataType;
  dataId: number;
  description: string;
}

/**
 * Called after the use case's `authorize`, so `ctx.actor` is the signed-in admin (`signedIn` only
 * says so to the type checker); the row takes the request's address, browser and referrer.
 */
export async function logAdminAction(ctx: RequestContext, action: AdminAction): Promise<void> {
  await writeOperateLog({
    userId: signedIn(ctx.actor)._id,
    ...action,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
  });
}
