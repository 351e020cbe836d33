import type { PublicProfile } from '@forum/contracts';
import { UsersTexts } from '~/texts/users';

/** One of the four counts of the author card and the user centre. */
export interface StatCount {
  label: string;
  value: number | string;
  /** Where the count leads, when it is a link. */
  to?: string;
  title?: string;
  testId?: string;
}

/** The 注册排名 count: the user's place in registration order, 第 N 位会员 as its tooltip. */
export function registrationRankCount(profile: Pick<PublicProfile, 'registrationRank'>): StatCount {
  const rank = profile.registrationRank;
  return {
    label: UsersTexts.stats.rank,
    value: rank > 0 ? rank : UsersTexts.stats.rankUnknown,
    title: rank > 0 ? UsersTexts.stats.rankTitle(rank) : undefined,
    testId: 'registration-rank',
  };
}
