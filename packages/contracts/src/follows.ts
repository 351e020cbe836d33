import { z } from 'zod';
import { CursorInputSchema } from './paging';

/** The legacy wire text for a missing or non-positive `userId` (docs/legacy-api.md §1.10). */
export const FOLLOW_USER_ID_REQUIRED = 'param: userId required';

const followedUserId = z
  .number({ error: FOLLOW_USER_ID_REQUIRED })
  .int({ error: FOLLOW_USER_ID_REQUIRED })
  .positive({ error: FOLLOW_USER_ID_REQUIRED });

/** Follow, unfollow and "do I follow them?" all name one other user. */
export const FollowTargetSchema = z.object({ userId: followedUserId });
export type FollowTarget = z.infer<typeof FollowTargetSchema>;

/** A page of someone's fans or follows; `cursor` is the last follow-row id of the previous page. */
export const FollowListInputSchema = CursorInputSchema.extend({ userId: followedUserId });
export type FollowListInput = z.infer<typeof FollowListInputSchema>;

/** A person in a fans or follows list, as our web app reads it. */
export interface FollowListUser {
  id: number;
  nickname: string;
  avatar: string;
  description: string;
  topicCount: number;
  commentCount: number;
  fansCount: number;
  followCount: number;
  score: number;
  createTime: number;
  /** Whether the viewer follows this person. */
  followed: boolean;
}
