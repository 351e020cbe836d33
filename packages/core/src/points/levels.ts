/**
 * Levels from points: the site config's `levelConfig` thresholds give each score a level and a
 * title. Reaching a higher level records `user.leveled-up`, once per user and level.
 */
import type { LevelConfig } from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { UserLevelUp } from './model';

export interface UserLevel {
  level: number;
  levelTitle: string;
}

/** The highest level whose threshold `score` reaches; below every threshold, the first level. */
export function levelOf(score: number, levels: LevelConfig): UserLevel {
  let reached = levels[0]!;
  for (const entry of levels) if (score >= entry.score) reached = entry;
  return { level: reached.level, levelTitle: reached.title };
}

/** The levels of the site config now. */
export async function configuredLevels(): Promise<LevelConfig> {
  return (await getSiteConfig()).levelConfig;
}

/**
 * Records `user.leveled-up` when a change of points took a user's total from `before` to `after`
 * across a higher level's threshold. Idempotent: the document's id is the user and the level
 * reached, so a second call (a retried job) inserts nothing and records nothing.
 */
export async function recordLevelUp(userId: number, before: number, after: number): Promise<boolean> {
  if (after <= before) return false;
  const levels = await configuredLevels();
  const previousLevel = levelOf(before, levels).level;
  const { level } = levelOf(after, levels);
  if (level <= previousLevel) return false;
  const _id = `${userId}-${level}`;
  const event = newEvent('user.leveled-up', { userId, level, previousLevel });
  const stored = await insertWithEvents(
    UserLevelUp,
    { _id, userId, level, previousLevel, createTime: Date.now() },
    [event],
    // The id is the business key: a retried job finds the level recorded.
    { existing: { filter: { _id }, answer: () => false } },
  );
  return stored !== null;
}
