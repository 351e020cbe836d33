import { describe, expect, it, vi } from 'vitest';
import type * as Bus from '../events/bus';
import { useTestServices, makeTestUser } from '../testing';
import { nextId } from '../db/counters';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { Topic } from '../topics/model';
import { createComment } from './create-comment';
import { Comment } from './model';

// Dispatch is left out so the recorded event stays visible in the outbox.
vi.mock('../events/bus', async (importOriginal) => ({
  ...(await importOriginal<typeof Bus>()),
  dispatchRecorded: async () => false,
}));

const services = useTestServices();

const makeUser = () => makeTestUser();

describe('createComment', () => {
  it('records comment.created in the comment it inserts and strips NUL from the content', async () => {
    const redis = createRedis(services.redisUrl);
    initKv(redis, services.prefix);
    const user = await makeUser();
    const now = Date.now();
    const topicId = await nextId('topic');
    await Topic.create({
      _id: topicId,
      type: 0,
      nodeId: 1,
      userId: user._id,
      lastCommentTime: now,
      createTime: now,
    });
    const comment = await createComment(user, {
      entityType: 'topic',
      entityId: topicId,
      content: '你好\0世界',
    });
    const stored = await Comment.findById(comment._id).lean();
    expect(stored?.content).toBe('你好世界');
    expect(stored?.outbox?.map((event) => [event.type, event.payload])).toEqual([
      [
        'comment.created',
        { commentId: comment._id, entityType: 'topic', entityId: topicId, userId: user._id },
      ],
    ]);
    await redis.quit();
  });
});
