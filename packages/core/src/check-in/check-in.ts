import { Texts } from '@forum/contracts';
/**
 * Check-in (docs/legacy-api.md §4.2): once a day in the site's time zone, consecutive days counted, points
 * given by the `points` queue from the recorded `user.checked-in` event. Two tabs clicking at once
 * make one check-in: the day is claimed in Redis before anything is written (a claim whose writer
 * died is taken over once stale).
 */
import type { RequestContext } from '../request-context';
import { updateWithEvents } from '../events/update-with-events';
import { newEvent } from '../events/outbox';
import { AppError } from '../errors';
import { kv, kvKey } from '../kv';
import { assertCanPost } from '../policies';
import { projectCheckIn, readCheckIns } from '../read-model/check-ins';
import { CheckIn, type CheckInDoc } from './model';
import { dayNameOf, siteTimeZone } from '../points/rules';

const DAY_MS = 86_400_000;

/** A claim older than this with no check-in row of its day was left by a process that died. */
const STALE_CLAIM_MS = 15_000;

/**
 * Claims `today` for the user in Redis. A claim left by a process killed between claiming and
 * writing its row would refuse the user all day; once it is stale and the row does not show the
 * day, one caller takes it over (GETSET: only the caller that saw the stale value wins).
 */
async function claimDay(userId: number, today: number): Promise<boolean> {
  const key = kvKey('checkin', userId, today);
  const claimedAt = String(Date.now());
  if (await kv().set(key, claimedAt, 'EX', 2 * 86_400, 'NX')) return true;
  const existing = await kv().get(key);
  if (existing === null || Date.now() - Number(existing) < STALE_CLAIM_MS) return false;
  const row = await CheckIn.findById(userId, { latestDayName: 1 }).lean<Pick<CheckInDoc, 'latestDayName'>>();
  if (row?.latestDayName === today) return false;
  const replaced = await kv().getset(key, claimedAt);
  return replaced === existing;
}

/** Checks the actor in for today; "你已签到" the second time. */
export async function checkIn(ctx: RequestContext, now = Date.now()): Promise<CheckInDoc> {
  const user = await assertCanPost(ctx.actor);
  const timeZone = await siteTimeZone();
  const today = dayNameOf(now, timeZone);
  const claimed = await claimDay(user._id, today);
  const previous = (await readCheckIns([user._id])).get(user._id);
  if (!claimed || previous?.latestDayName === today) throw new AppError('CONFLICT', Texts.checkIn.already);
  const consecutiveDays =
    previous && previous.latestDayName === dayNameOf(now - DAY_MS, timeZone)
      ? previous.consecutiveDays + 1
      : 1;
  const event = newEvent('user.checked-in', { userId: user._id, dayName: today });
  const { projected: stored } = await updateWithEvents(
    CheckIn,
    { _id: user._id },
    {
      $set: { latestDayName: today, consecutiveDays, updateTime: now },
      $setOnInsert: { createTime: now },
    },
    [event],
    {
      upsert: true,
      project: async () => {
        const row = (await CheckIn.findById(user._id, { outbox: 0 }).lean<CheckInDoc>())!;
        await projectCheckIn(row);
        return row;
      },
    },
  );
  return stored!;
}
