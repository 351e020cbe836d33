import { BLOCKS_MAX, Texts, type BlockedUser } from '@forum/contracts';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { AppError } from '../errors';
import { unfollowUser } from '../follows/follow';
import { authorize, signedIn } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { blockCount, blockedBy, hasBlocked, projectBlock, unprojectBlock } from '../read-model/blocks';
import { readUser, readUsers } from '../read-model/users';
import { systemContext, type RequestContext } from '../request-context';
import { Block, blockId } from './model';

/**
 * The actor blocks `userId` (屏蔽, docs/moderation.md): their topics, comments and tweets are folded
 * away for the actor, their actions send the actor no messages, and they can no longer follow the
 * actor (a follow they had is undone). Blocking someone blocked already is a no-op.
 */
export async function blockUser(ctx: RequestContext, userId: number): Promise<{ blocked: true }> {
  const actor = signedIn(ctx.actor);
  const target = await readUser(userId);
  if (!target) throw new AppError('NOT_FOUND', Texts.users.missing);
  authorize(actor, 'block', target);
  await hitRateLimit('block', actor._id);
  if (await hasBlocked(actor._id, userId)) return { blocked: true };
  if ((await blockCount(actor._id)) >= BLOCKS_MAX)
    throw new AppError('INVALID_INPUT', Texts.blocks.tooMany(BLOCKS_MAX));
  const row = {
    _id: blockId(actor._id, userId),
    blockerId: actor._id,
    blockedId: userId,
    createTime: Date.now(),
  };
  try {
    await Block.create(row);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const stored = (await Block.findById(row._id).lean()) ?? row;
  await projectBlock({ ...stored, _id: row._id });
  // The blocked member no longer follows the actor (as if they had unfollowed).
  await unfollowUser(systemContext(target), actor._id);
  return { blocked: true };
}

/** The actor unblocks `userId`; unblocking someone not blocked is a no-op. */
export async function unblockUser(ctx: RequestContext, userId: number): Promise<{ blocked: false }> {
  const actor = signedIn(ctx.actor);
  authorize(actor, 'block', { _id: userId });
  await hitRateLimit('block', actor._id);
  await Block.deleteOne({ _id: blockId(actor._id, userId) });
  await unprojectBlock(actor._id, userId);
  return { blocked: false };
}

/** Whether `blockerId` blocked `userId` (false for a visitor). */
export function isBlocking(blockerId: number | null | undefined, userId: number): Promise<boolean> {
  return blockerId ? hasBlocked(blockerId, userId) : Promise.resolve(false);
}

/** The members the reader blocked, newest first, from the read model. */
export async function listBlockedUsers(ctx: RequestContext): Promise<BlockedUser[]> {
  const actor = signedIn(ctx.actor);
  const entries = await blockedBy(actor._id);
  const users = await readUsers(entries.map((entry) => entry.userId));
  return entries.map(({ userId, time }) => ({
    id: userId,
    nickname: users.get(userId)?.nickname ?? '',
    avatar: users.get(userId)?.avatar ?? '',
    blockTime: time,
  }));
}
