/** Blocks in the read model: each member's block set, for one-command checks (docs/moderation.md). */
import { Block, type BlockDoc } from '../blocks/model';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const blockLists = {
  /** The members `blockerId` blocked, scored by when. */
  of: (blockerId: number) => rmKey('blocks', blockerId),
};

export async function projectBlock(block: BlockDoc): Promise<void> {
  await rmRedis().zadd(blockLists.of(block.blockerId), block.createTime, block.blockedId);
}

export async function unprojectBlock(blockerId: number, blockedId: number): Promise<void> {
  await rmRedis().zrem(blockLists.of(blockerId), blockedId);
}

/** Whether `blockerId` blocked `blockedId`. */
export async function hasBlocked(blockerId: number, blockedId: number): Promise<boolean> {
  if (blockerId <= 0 || blockedId <= 0) return false;
  return (await rmRedis().zscore(blockLists.of(blockerId), blockedId)) !== null;
}

/** Everyone `blockerId` blocked, newest first, with when. */
export async function blockedBy(blockerId: number): Promise<{ userId: number; time: number }[]> {
  const flat = await rmRedis().zrevrange(blockLists.of(blockerId), 0, -1, 'WITHSCORES');
  const entries: { userId: number; time: number }[] = [];
  for (let i = 0; i < flat.length; i += 2)
    entries.push({ userId: Number(flat[i]), time: Number(flat[i + 1]) });
  return entries;
}

export function blockCount(blockerId: number): Promise<number> {
  return rmRedis().zcard(blockLists.of(blockerId));
}

defineRebuildSource<BlockDoc>({ name: 'blocks', model: Block, project: projectBlock });
