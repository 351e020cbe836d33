/** Follow and fans endpoints, `/api/fans/...` (docs/legacy-api.md §1.10). */
import type { Request, Router } from 'express';
import { FollowTargetSchema } from '@forum/contracts';
import { followUser, isFollowing, listFans, listFollows, unfollowUser } from '@forum/core';
import { resolveRequestUser } from '../context';
import { contextOf, formInt, parseForm } from './form';
import { requireUser } from './guards';
import { handle } from './handler';
import { legacyFollowPage } from './presenters/follows';

/** The other user of a follow call; ≤ 0 or unparsable answers "param: userId required". */
function followTarget(req: Request): number {
  return parseForm(FollowTargetSchema, { userId: formInt(req, 'userId') }).userId;
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
      await followUser(contextOf(req, user), followTarget(req));
      return null;
    }),
  );
  api.post(
    '/fans/unfollow',
    handle(async (req) => {
      const user = await requireUser(req);
      await unfollowUser(contextOf(req, user), followTarget(req));
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
