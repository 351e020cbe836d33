/** The console's people: one user as admins see them, their edit and their score log. */
import { AccountMessages } from '@forum/contracts';
import { AppError } from '../errors';
import { listScoreLogs } from '../points/list-score-logs';
import { readEntities } from '../read-model/entities';
import { readUser, userKind } from '../read-model/users';
import type { UserDoc } from '../users/model';

/** One user with e-mail and roles, or "用户不存在". */
export async function getAdminUser(userId: number): Promise<UserDoc> {
  const user = (await readEntities<UserDoc>(userKind, [userId])).get(userId);
  if (!user) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  return user;
}

/** A user's score log for the console, 20 a page. */
export async function adminScoreLogs(userId: number, page: number) {
  const user = await readUser(userId);
  if (!user) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  return listScoreLogs(user, page);
}
