import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Comment,
  connectDatabase,
  createRedis,
  disconnectDatabase,
  initKv,
  nextId,
  raiseIdSequences,
  readTopics,
  readUsers,
  rebuildReadModel,
  Topic,
} from '@forum/core';
import { buildUser, uniqueName, useTestServices } from '@forum/core/testing';
import { restoreBackup, writeBackup, type BackupProgress } from './archive';

const services = useTestServices();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'forum-backup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Models' `db` is the process's one mongoose connection, whatever database it is on now.
/** What a reader sees of the forum: topics with their comment counts, users with theirs. */
async function seen(topicIds: number[], userIds: number[]) {
  const topics = (await readTopics(topicIds)).map((topic) => ({
    id: topic._id,
    title: topic.title,
    userId: topic.userId,
    commentCount: topic.commentCount,
  }));
  const byId = await readUsers(userIds);
  const users = userIds
    .map((id) => byId.get(id)!)
    .map((user) => ({
      id: user._id,
      nickname: user.nickname,
      topicCount: user.topicCount,
      commentCount: user.commentCount,
    }));
  return { topics, users };
}

describe('backup and restore', () => {
  it(
    'restores a backup into an empty database with the same topics, users, counts and images',
    { timeout: 120_000 },
    async () => {
      const [alice, bob] = [await buildUser(), await buildUser()];
      const now = Date.now();
      const topicIds: number[] = [];
      for (const [userId, title] of [
        [alice._id, '端到端语音识别'],
        [bob._id, '流式 TTS 延迟'],
      ] as const) {
        const id = await nextId('topic');
        await Topic.create({
          _id: id,
          type: 0,
          nodeId: 1,
          userId,
          title,
          content: '正文',
          lastCommentTime: now,
          createTime: now,
        });
        topicIds.push(id);
      }
      for (const userId of [bob._id, bob._id, alice._id]) {
        await Comment.create({
          _id: await nextId('comment'),
          userId,
          entityType: 'topic',
          entityId: topicIds[0],
          content: '评论',
          contentType: 'text',
          createTime: now,
        });
      }
      await rebuildReadModel();
      const before = await seen(topicIds, [alice._id, bob._id]);
      expect(before.topics.map((topic) => topic.commentCount)).toEqual([3, 0]);
      expect(before.users.map((user) => user.commentCount)).toEqual([1, 2]);

      const uploads = path.join(dir, 'uploads-a');
      const image = randomBytes(2048);
      await mkdir(path.join(uploads, 'images/2026/11/25'), { recursive: true });
      await writeFile(path.join(uploads, 'images/2026/11/25/a.png'), image);
      const file = path.join(dir, 'forum.jsonl.gz');
      const steps = new Set<string>();
      const header = await writeBackup(Topic.db.db!, uploads, file, ({ step }: BackupProgress) =>
        steps.add(step),
      );
      expect(header.files).toBe(1);
      expect(header.collections).toContainEqual({ name: 'topics', count: 2 });
      expect(steps).toContain('users');
      expect(steps).toContain('uploads');

      // Another, empty database and Redis prefix, as a fresh machine has them.
      const source = Topic.db.db!.databaseName;
      const target = { db: uniqueName('restore'), prefix: `${uniqueName('restore')}:` };
      const redis = createRedis(services.redisUrl);
      await disconnectDatabase();
      await connectDatabase(services.mongoUrl, target.db);
      initKv(redis, target.prefix);
      try {
        const restoredUploads = path.join(dir, 'uploads-b');
        await restoreBackup(Topic.db.db!, restoredUploads, file);
        await rebuildReadModel();
        await raiseIdSequences();
        expect(await seen(topicIds, [alice._id, bob._id])).toEqual(before);
        // Every sequence starts past the restored rows: the next topic and user get new ids.
        expect(await nextId('topic')).toBeGreaterThan(Math.max(...topicIds));
        expect(await nextId('user')).toBeGreaterThan(Math.max(alice._id, bob._id));
        expect(await readFile(path.join(restoredUploads, 'images/2026/11/25/a.png'))).toEqual(image);
        // A second restore would mix two forums: refused.
        await expect(restoreBackup(Topic.db.db!, restoredUploads, file)).rejects.toThrow(/not empty/);
      } finally {
        await Topic.db.db?.dropDatabase();
        const keys = await redis.keys(`${target.prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
        await disconnectDatabase();
        await connectDatabase(services.mongoUrl, source);
        initKv(createRedis(services.redisUrl, { lazyConnect: true }), services.prefix);
      }
    },
  );
});
