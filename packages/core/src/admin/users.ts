/** The console's people: one user as admins see them, their edit and their score log. */
import { AccountMessages } from '@forum/contracts';
import { AppError } from '../errors';
import { listScoreLogs } from '../points/list-score-logs';
import { authorize } from '../policies';
import { readEntities } from '../read-model/entities';
import { readUser, userKind } from '../read-model/users';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';

/** One user with e-mail and roles, or "用户不存在". */
export async function getUserForAdmin(ctx: RequestContext, userId: number): Promise<UserDoc> {
  authorize(ctx.actor, 'getUserForAdmin');
  const user = (await readEntities<UserDoc>(userKind, [userId])).get(userId);
  if (!user) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  return user;
}

/** A user's score log for the console, 20 a page. */
export async function listScoreLogsForAdmin(
  ctx: RequestContext,
  { userId, page }: { userId: number; page: number },
) {
  authorize(ctx.actor, 'listScoreLogsForAdmin');
  const user = await readUser(userId);
  if (!user) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  return listScoreLogs(user, page);
}
