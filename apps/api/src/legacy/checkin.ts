/** Check-in and points, `/api/checkin/...` and `/api/user/scorelogs|score/rank` (docs/legacy-api.md §1.5, §1.9). */
import type { Router } from 'express';
import { checkIn, checkInRank, checkInState, listScoreLogs, scoreRank } from '@forum/core';
import { resolveRequestUser } from '../context';
import { contextOf, formInt } from './form';
import { requireUser } from './guards';
import { handle } from './handler';
import { legacyUserInfo } from './presenters/users';
import { legacyCheckInRank, legacyCheckInState, legacyScoreLog } from './presenters/check-in';

export function checkInRoutes(api: Router): void {
  api.post(
    '/checkin/checkin',
    handle(async (req) => {
      await checkIn(contextOf(req, await requireUser(req)));
      return null;
    }),
  );
  api.get(
    '/checkin/checkin',
    handle(async (req) => {
      return legacyCheckInState(await checkInState((await resolveRequestUser(req)).user));
    }),
  );
  api.get(
    '/checkin/rank',
    handle(async () => {
      const rank = legacyCheckInRank(await checkInRank());
      return rank.length ? rank : null;
    }),
  );
  api.get(
    '/user/scorelogs',
    handle(async (req) => {
      const { page, results } = await listScoreLogs(await requireUser(req), formInt(req, 'page', 1));
      return { page, results: results.length ? results.map(legacyScoreLog) : null };
    }),
  );
  api.get(
    '/user/score/rank',
    handle(async () => (await scoreRank()).map((user) => legacyUserInfo(user))),
  );
}
