/**
 * Fixtures written straight to the database must reach the read model the site reads, as an
 * operator's `npm run reindex` would bring them. The test process also allocates ids from the
 * site's Redis sequences, so it must use the stack's Redis and prefix before writing anything.
 */
import { inject } from 'vitest';
import type * as CoreModule from '@forum/core';
import type { Account } from './api';

export function useStackRedis(core: typeof CoreModule): () => Promise<void> {
  const redis = core.createRedis(inject('redisUrl'));
  core.initKv(redis, inject('redisPrefix'));
  return async () => {
    core.clearKv();
    await redis.quit();
  };
}

/** Rebuilds the stack's read model from the database (waits while the API holds the lock). */
export async function rebuildStackReadModel(core: typeof CoreModule): Promise<void> {
  while (!(await core.withRebuildLock(() => core.rebuildReadModel()))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A signed-in reader of one test file's own (other files sign the shared owner out), built in the
 * stack's database and read model, a day old so no observation period applies. For a file that is
 * connected to the stack's database and Redis; `makeStackReader` connects for the call.
 */
export async function buildStackReader(
  nickname: string,
  roles: string[] = [],
  password?: string,
  email?: string,
): Promise<Account> {
  const { buildUser, signedIn } = await import('@forum/core/testing');
  const { hashPassword } = await import('@forum/core');
  const passwordHash = password === undefined ? {} : { passwordHash: await hashPassword(password) };
  const { user, token } = await signedIn(
    buildUser({
      nickname,
      roles,
      createTime: Date.now() - 86_400_000,
      ...passwordHash,
      ...(email ? { email } : {}),
    }),
  );
  return { id: user._id, nickname, token };
}

/** `buildStackReader` for a file that is not connected to the stack (its username is `user<id>`). */
export async function makeStackReader(
  nickname: string,
  roles: string[] = [],
  password?: string,
  email?: string,
): Promise<Account> {
  const core = await import('@forum/core');
  // The stack names its database after its Redis prefix (see stack.ts).
  await core.connectDatabase(process.env.MONGO_URL!, inject('redisPrefix').replace(/:$/, ''));
  const redis = core.createRedis(inject('redisUrl'));
  core.initKv(redis, inject('redisPrefix'));
  try {
    return await buildStackReader(nickname, roles, password, email);
  } finally {
    core.clearKv();
    await redis.quit();
    await core.disconnectDatabase();
  }
}
