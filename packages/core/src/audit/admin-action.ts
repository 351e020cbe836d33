/** The operation-log row of an admin's change to site data (nodes, tags, links, projects, words). */
import type { UserDoc } from '../users/model';
import type { OperateDataType, OperateType } from './model';
import type { RequestContext } from '../request-context';
import { writeOperateLog } from './operate-log';

export interface AdminAction {
  opType: OperateType;
  dataType: OperateDataType;
  dataId: number;
  description: string;
}

/**
 * `actor` is the user the caller's `authorize` returned (the context's actor, known to be signed
 * in); the row takes the request's address, browser and referrer from `ctx`.
 */
export async function logAdminAction(
  actor: UserDoc,
  action: AdminAction,
  ctx: Pick<RequestContext, 'ip' | 'userAgent' | 'referer'>,
): Promise<void> {
  await writeOperateLog({
    userId: actor._id,
    ...action,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
  });
}
