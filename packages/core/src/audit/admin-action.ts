/** The operation-log row of an admin's change to site data (nodes, tags, links, projects, words). */
import type { UserDoc } from '../users/model';
import type { OperateDataType, OperateType } from './model';
import { writeOperateLog, type OperateLogEntry } from './operate-log';

/**
 * Where an admin action came from: the request's address, browser and referrer. A
 * `RequestContext` is one; callers pass their context, not a shape of their own.
 */
export type AuditMeta = Pick<OperateLogEntry, 'ip' | 'userAgent' | 'referer'>;

export interface AdminAction {
  opType: OperateType;
  dataType: OperateDataType;
  dataId: number;
  description: string;
}

export async function logAdminAction(
  actor: UserDoc,
  action: AdminAction,
  meta: AuditMeta = {},
): Promise<void> {
  await writeOperateLog({
    userId: actor._id,
    ...action,
    ip: meta.ip ?? '',
    userAgent: meta.userAgent ?? '',
    referer: meta.referer ?? '',
  });
}
