/**
 * Runs a real API in the test process against the launcher's MongoDB-compatible server and Redis,
 * with a database and Redis prefix of its own.
 */
import mongoose from 'mongoose';
import {
  createRedis,
  issueToken,
  nextId,
  rebuildReadModel,
  reprojectUser,
  User,
  withRebuildLock,
  type UserDoc,
} from '@forum/core';
import { testServiceUrls, uniqueName } from '@forum/core/testing';
import { loadApiConfig, type ApiConfig } from '../config';
import { startApi, type RunningApi } from '../server';

export interface TestApi {
  api: RunningApi;
  config: ApiConfig;
  baseUrl: string;
  prefix: string;
  close(): Promise<void>;
}

export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const { mongoUrl, redisUrl } = testServiceUrls();
  const prefix = `${uniqueName('api')}:`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    PORT: '0',
    MONGO_URL: mongoUrl,
    MONGO_DB: uniqueName('api'),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    OWNER_USERNAME: 'owner',
    OWNER_PASSWORD: 'owner-password',
    ...env,
  });
  const api = await startApi(config);
  return {
    api,
    config,
    prefix,
    baseUrl: `http://127.0.0.1:${api.port}`,
    close: async () => {
      await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await api.close();
      const redis = createRedis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** A user made directly in the database, with a valid token. */
export async function makeUser(overrides: Partial<UserDoc> = {}): Promise<{ user: UserDoc; token: string }> {
  const id = await nextId('user');
  const now = Date.now();
  const username = overrides.username ?? `user${id}`;
  const user = (
    await User.create({
      _id: id,
      username,
      usernameLower: username.toLowerCase(),
      nickname: `用户${id}`,
      createTime: now,
      updateTime: now,
      ...overrides,
    })
  ).toObject() as UserDoc;
  await reprojectUser(id);
  const { token } = await issueToken(id, 7);
  return { user, token };
}

export async function ownerToken(): Promise<string> {
  const owner = await User.findOne({ roles: 'owner' }).lean<UserDoc>();
  if (!owner) throw new Error('no owner');
  return (await issueToken(owner._id, 7)).token;
}

export function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}

/**
 * After fixtures changed MongoDB behind the services' back (bulk deletes), rebuild the read model
 * as an operator's reindex would; waits while the API's own watcher holds the lock.
 */
export async function rebuildReadModelNow(): Promise<void> {
  while (!(await withRebuildLock(() => rebuildReadModel()))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
