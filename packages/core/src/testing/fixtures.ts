/** Rows that tests need as given facts, written straight to the database and projected. */
import { nextId } from '../db/counters';
import { reprojectUser } from '../read-model/users';
import { User, type UserDoc } from '../users/model';

/** A user `u<id>` named 用户<id>, with `overrides` (roles, times, …) on top. */
export async function makeTestUser(overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  const id = await nextId('user');
  const now = Date.now();
  const doc = await User.create({
    _id: id,
    username: `u${id}`,
    usernameLower: `u${id}`,
    nickname: `用户${id}`,
    createTime: now,
    updateTime: now,
    ...overrides,
  });
  await reprojectUser(id);
  return doc.toObject() as UserDoc;
}
