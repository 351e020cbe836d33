/**
 * Check-in (legacy §4.2): once a day in the site's time zone, consecutive days counted, points
 * given by the `points` queue from the recorded `user.checked-in` event. Two tabs clicking at once
 * make one check-in: the day is claimed in Redis before anything is written (a claim whose writer
 * died is taken over once stale).
 */
import { Texts } from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import type { RequestContext } from '../request-context';
import { dispatchRecorded } from '../events/bus';
import { newEvent, recordEvents } from '../events/outbox';
import { AppError } from '../errors';
import { kv, kvKey } from '../kv';
import { assertCanPost } from '../policies';
import { firstCheckIns, projectCheckIn, readCheckIns } from '../read-model/scores';
import { usersByIds } from '../users/users';
import type { UserDoc } from '../users/model';
import { legacyUserInfo } from '../users/presenters';
import { CheckIn, type CheckInDoc } from './model';

export const CHECK_IN_RANK_SIZE = 10;
const DAY_MS = 86_400_000;

/** The site's time zone for day boundaries: `siteTimeZone` of the site config, changed at runtime. */
export async function siteTimeZone(): Promise<string> {
  return (await getSiteConfig()).siteTimeZone;
}

/** yyyyMMdd of `time` in `timeZone`. */
export function dayNameOf(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(time);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return Number(`${part('year')}${part('month')}${part('day')}`);
}

/** yyyyMMdd of `time` in the site's time zone now. */
export async function siteDayNameOf(time: number): Promise<number> {
  return dayNameOf(time, await siteTimeZone());
}

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
  await CheckIn.updateOne(
    { _id: user._id },
    {
      $set: { latestDayName: today, consecutiveDays, updateTime: now },
      $setOnInsert: { createTime: now },
      ...recordEvents(event),
    },
    { upsert: true },
  );
  const stored = (await CheckIn.findById(user._id, { outbox: 0 }).lean<CheckInDoc>())!;
  await projectCheckIn(stored);
  await dispatchRecorded(CheckIn, user._id, [event]);
  return stored;
}

/** The reader's check-in record with whether it is today's, or null (anonymous, never). */
export async function checkInState(user: UserDoc | null | undefined, now = Date.now()) {
  if (!user) return null;
  const record = (await readCheckIns([user._id])).get(user._id);
  return record ? { ...record, checkIn: record.latestDayName === (await siteDayNameOf(now)) } : null;
}

/** Today's first ten check-ins, earliest first, each with its user. */
export async function checkInRank(now = Date.now()): Promise<{ checkIn: CheckInDoc; user: UserDoc }[]> {
  const userIds = await firstCheckIns(await siteDayNameOf(now), CHECK_IN_RANK_SIZE);
  const [users, records] = await Promise.all([usersByIds(userIds), readCheckIns(userIds)]);
  return userIds.flatMap((id) => {
    const user = users.get(id);
    const record = records.get(id);
    return record && user ? [{ checkIn: record, user }] : [];
  });
}

/** A check-in record as legacy clients read it. */
export function legacyCheckIn(record: CheckInDoc) {
  return {
    id: record._id,
    userId: record._id,
    latestDayName: record.latestDayName,
    consecutiveDays: record.consecutiveDays,
    createTime: record.createTime,
    updateTime: record.updateTime,
  };
}

/** The reader's check-in as both transports answer it: the record and `checkIn` (today's), or null. */
export function presentCheckInState(state: Awaited<ReturnType<typeof checkInState>>) {
  return state ? { ...legacyCheckIn(state), checkIn: state.checkIn } : null;
}

/** Today's check-in rank as both transports answer it: each record with its user's UserInfo. */
export function presentCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>) {
  return rank.map(({ checkIn: row, user }) => ({ ...legacyCheckIn(row), user: legacyUserInfo(user) }));
}
