/** The legacy "CheckPostStatus": who may post, comment, like, check in and upload right now. */
import { AppErrorCode, type PostStatus, Texts } from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { isMuted } from '../users/roles';

type Poster = Pick<UserDoc, 'status' | 'forbiddenEndTime' | 'createTime'>;

/**
 * Why `user` may not post at `now`, as the coded error a posting endpoint answers with
 * (docs/legacy-api.md §0.7 "post"): not signed in 1, disabled 1002, muted 1001, inside the observation
 * period 1003. Null when they may.
 */
export function postingRefusal(
  user: Poster | null | undefined,
  userObserveSeconds: number,
  now: number,
): AppError | null {
  if (!user) return new AppError(AppErrorCode.NotSignedIn);
  if (user.status !== 0) return new AppError(AppErrorCode.UserDisabled);
  if (isMuted(user, now)) return new AppError(AppErrorCode.UserMuted);
  if (userObserveSeconds > 0 && user.createTime + userObserveSeconds * 1000 > now) {
    return new AppError(AppErrorCode.ObservationPeriod, Texts.posting.observationPeriod(userObserveSeconds));
  }
  return null;
}

/** The user if they may post now (the site's observation period applies), else the coded error. */
export async function assertCanPost(user: UserDoc | null | undefined, now = Date.now()): Promise<UserDoc> {
  const refusal = postingRefusal(user, user ? (await getSiteConfig()).userObserveSeconds : 0, now);
  if (refusal) throw refusal;
  return user!;
}

/** The same check as data, so the web app can explain instead of showing an editor that fails. */
export async function postStatus(user: UserDoc | null | undefined, now = Date.now()): Promise<PostStatus> {
  try {
    await assertCanPost(user, now);
    return { canPost: true };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return {
      canPost: false,
      code: error.code as Exclude<PostStatus, { canPost: true }>['code'],
      message: error.message,
    };
  }
}
