import { AccountMessages } from '@forum/contracts';
import { AppError } from '../errors';
import { readUser } from '../read-model/users';
import type { UserDoc } from './model';

/** Any user's public page (GET /api/user/{id}); deleted or blacklisted users (status 1) are gone. */
export async function getUserProfile(id: number): Promise<UserDoc> {
  const user = Number.isSafeInteger(id) && id > 0 ? await readUser(id) : null;
  if (!user || user.status === 1) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  return user;
}
