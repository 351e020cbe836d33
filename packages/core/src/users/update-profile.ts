import { ProfileUpdateSchema, type ProfileUpdateInput, Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { authorize } from '../policies';
import type { UserDoc } from './model';
import type { RequestContext } from '../request-context';
import { assertNoForbiddenWords } from '../topics/forbidden-words';
import { changeUser } from './change-user';

/** Saves fields of a user and returns the updated user. */
export async function saveUserFields(userId: number, fields: Partial<UserDoc>): Promise<UserDoc> {
  const { projected: doc } = await changeUser(
    { _id: userId },
    { $set: { ...fields, updateTime: Date.now() } },
  );
  if (!doc) throw new AppError('NOT_FOUND', Texts.users.missing);
  return doc;
}

/**
 * A user edits their nickname, home page and description (legacy POST /api/user/edit/{id}). Only
 * their own profile: any other id is "无权限", checked before the input as bbs-go does.
 */
export async function updateProfile(
  ctx: RequestContext,
  targetId: number,
  input: ProfileUpdateInput,
): Promise<UserDoc> {
  const actor = authorize(ctx.actor, 'editProfile', { _id: targetId });
  const parsed = ProfileUpdateSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  await assertNoForbiddenWords(parsed.data.nickname, parsed.data.description, parsed.data.homePage);
  return saveUserFields(actor._id, parsed.data);
}
