/** Check-ins in the read model: each user's record, and each day's check-ins in time order. */
import { CheckIn, type CheckInDoc } from '../check-in/model';
import { cacheDoc, defineEntityKind, readEntities } from './entities';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const checkInLists = {
  /** userId → time of check-in on the day `yyyyMMdd`. */
  day: (dayName: number) => rmKey('checkins', dayName),
};

export const checkInKind = defineEntityKind({
  name: 'check-in',
  model: CheckIn,
  hidden: ['outbox'],
  counts: {},
});

export async function projectCheckIn(checkIn: CheckInDoc): Promise<void> {
  await cacheDoc(checkInKind, checkIn);
  await rmRedis().zadd(checkInLists.day(checkIn.latestDayName), 'NX', checkIn.updateTime, checkIn._id);
}

export function readCheckIns(userIds: readonly number[]): Promise<Map<number, CheckInDoc>> {
  return readEntities<CheckInDoc>(checkInKind, userIds);
}

/** The first `limit` users who checked in on `dayName`, earliest first. */
export async function firstCheckIns(dayName: number, limit: number): Promise<number[]> {
  return (await rmRedis().zrangebyscore(checkInLists.day(dayName), '-inf', '+inf', 'LIMIT', 0, limit)).map(
    Number,
  );
}

defineRebuildSource<CheckInDoc>({
  name: 'check-ins',
  model: CheckIn,
  projection: { outbox: 0 },
  project: projectCheckIn,
});
