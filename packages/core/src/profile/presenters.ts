import type { Profile } from '@forum/contracts';
import type { UserDoc } from '../users/model';

/** The editable profile fields our web app reads back after an edit. */
export function presentProfile(user: UserDoc): Profile {
  return {
    id: user._id,
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    backgroundImage: user.backgroundImage ?? '',
    homePage: user.homePage ?? '',
    description: user.description ?? '',
  };
}
