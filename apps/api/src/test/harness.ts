/**
 * Runs a real API in the test process against the launcher's MongoDB-compatible server and Redis,
 * with a database and Redis prefix of its own.
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { createRedis, issueToken, scanKeys, unlinkKeys, User, type UserDoc } from '@forum/core';
import { testServiceUrls, uniqueName } from '@forum/core/testing';
import { loadApiConfig, type ApiConfig } from '../config';
import { startApi, type RunningApi } from '../server';
import { tempUploadDir } from './uploads-helpers';

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
      const redis = createRedis(config.REDIS_URL);
      for await (const keys of scanKeys(redis, `${prefix}*`)) await unlinkKeys(redis, keys);
      await redis.quit();
    },
  };
}

/** The test API of a file: started before its tests, closed after them. */
export function useTestApi(env: Record<string, string> = {}): TestApi {
  const t = {} as TestApi;
  beforeAll(async () => {
    Object.assign(t, await startTestApi(env));
  });
  afterAll(() => t.close?.());
  return t;
}

/** The same with an upload folder of its own, removed afterwards; `BASE_URL` is http://forum.test. */
export function useTestApiWithUploads(env: Record<string, string> = {}): TestApi & { uploadDir: string } {
  const t = {} as TestApi & { uploadDir: string };
  let uploads: Awaited<ReturnType<typeof tempUploadDir>> | undefined;
  beforeAll(async () => {
    uploads = await tempUploadDir();
    const api = await startTestApi({ UPLOAD_DIR: uploads.dir, BASE_URL: 'http://forum.test', ...env });
    Object.assign(t, api, { uploadDir: uploads.dir });
  });
  afterAll(async () => {
    await t.close?.();
    await uploads?.remove();
  });
  return t;
}

/** The owner the API created at start (OWNER_USERNAME), not one built by a factory. */
export async function siteOwner(): Promise<UserDoc> {
  const owner = await User.findOne({ roles: 'owner' }).lean<UserDoc>();
  if (!owner) throw new Error('no owner');
  return owner;
}

export async function ownerToken(): Promise<string> {
  return (await issueToken((await siteOwner())._id, 7)).token;
}
