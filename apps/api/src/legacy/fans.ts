/** Follow and fans endpoints, `/api/fans/...` (legacy-api.md §1.10). */
import type { Request, Router } from 'express';
import { FollowTargetSchema } from '@forum/contracts';
import {
  AppError,
  followUser,
  isFollowing,
  legacyFollowPage,
  listFans,
  listFollows,
  unfollowUser,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { formInt } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

/** The other user of a follow call; ≤ 0 or unparsable answers "param: userId required". */
function followTarget(req: Request): number {
  const parsed = FollowTargetSchema.safeParse({ userId: formInt(req, 'userId') });
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  return parsed.data.userId;
}

async function pageQuery(req: Request, cursor: number) {
  const { user } = await resolveRequestUser(req);
  return { userId: formInt(req, 'userId'), cursor, viewerId: user?._id ?? null };
}

export function fansRoutes(api: Router): void {
  api.post(
    '/fans/follow',
    handle(async (req) => {
      const user = await requireUser(req);
      await followUser(user._id, followTarget(req));
      return null;
    }),
  );
  api.post(
    '/fans/unfollow',
    handle(async (req) => {
      const user = await requireUser(req);
      await unfollowUser(user._id, followTarget(req));
      return null;
    }),
  );
  api.get(
    '/fans/isfollowed',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      return isFollowing(user?._id, formInt(req, 'userId'));
    }),
  );
  api.get(
    '/fans/fans',
    handle(async (req) => legacyFollowPage(await listFans(await pageQuery(req, formInt(req, 'cursor'))))),
  );
  api.get(
    '/fans/follows',
    handle(async (req) => legacyFollowPage(await listFollows(await pageQuery(req, formInt(req, 'cursor'))))),
  );
  api.get(
    '/fans/recent/fans',
    handle(async (req) => legacyFollowPage(await listFans(await pageQuery(req, 0)))),
  );
  api.get(
    '/fans/recent/follow',
    handle(async (req) => legacyFollowPage(await listFollows(await pageQuery(req, 0)))),
  );
}
