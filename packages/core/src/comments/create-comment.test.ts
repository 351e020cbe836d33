import { describe, expect, it } from 'vitest';
import { buildTopic, buildUser, contextFor, useTestServices } from '../testing';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { createComment } from './create-comment';
import { Comment } from './model';

const services = useTestServices();

describe('createComment', () => {
  it('records comment.created in the comment it inserts and strips NUL from the content', async () => {
    // The event bus is not initialised in this file, so the recorded event stays in the outbox.
    const redis = createRedis(services.redisUrl);
    initKv(redis, services.prefix);
    const user = await buildUser();
    const { _id: topicId } = await buildTopic({ userId: user._id });
    const comment = await createComment(contextFor(user), {
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
