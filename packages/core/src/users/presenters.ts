import type { CurrentUser } from '@forum/contracts';
import { isForbidden } from './roles';
import type { UserDoc } from './model';

export function presentCurrentUser(user: UserDoc): CurrentUser {
  return {
    id: user._id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    roles: [...(user.roles ?? [])],
    forbidden: isForbidden(user),
  };
}
