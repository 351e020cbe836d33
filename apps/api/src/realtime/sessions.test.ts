/**
 * A session that ends takes its sockets with it, in every API process: after a sign-out,
 * 退出所有设备 or a password change, a socket of the ended session is disconnected (and receives
 * nothing more for the user), while the sockets of sessions that go on stay. Two API processes:
 * this test's, where the sessions end, and a second OS process, where the sockets are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SocketRoom, type ClientToServerEvents, type ServerToClientEvents } from '@forum/contracts';
import { issueToken } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { legacyPost, trpcMutation } from '../test/client';
import { useTestApi } from '../test/harness';
import { startApiProcess, type ApiProcess } from '../test/api-process';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const t = useTestApi();
let other: ApiProcess;
const clients: Client[] = [];
beforeAll(async () => {
  other = await startApiProcess({
    MONGO_URL: t.config.MONGO_URL,
    MONGO_DB: t.config.MONGO_DB!,
    REDIS_URL: t.config.REDIS_URL,
    REDIS_PREFIX: t.prefix,
  });
}, 180_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await other?.stop();
});

interface Watched {
  client: Client;
  /** Why the server closed it, once it has. */
  closed: () => string | undefined;
  unread: number[];
}

/** A socket of the session `token` on `url`, recording its pushes and how it ended. */
async function socketOf(url: string, token: string): Promise<Watched> {
  const client: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token },
  });
  clients.push(client);
  let reason: string | undefined;
  const unread: number[] = [];
  client.on('disconnect', (why) => (reason = why));
  client.on('message:unread', ({ count }) => unread.push(count));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return { client, closed: () => reason, unread };
}

/** Waits until the server has joined every socket to its rooms (in both processes). */
async function settled(userId: number, sockets: number): Promise<void> {
  await expect
    .poll(async () => (await t.api.io.in(SocketRoom.user(userId)).fetchSockets()).length, { timeout: 10_000 })
    .toBe(sockets);
}

async function push(userId: number, count: number): Promise<void> {
  t.api.io.to(SocketRoom.user(userId)).emit('message:unread', { count });
}

const serverClosed = 'io server disconnect';

describe('the sockets of a session that ends', () => {
  it('signing out disconnects the sockets of that session in the other process, and only those', async () => {
    const { user, token } = await signedIn(buildUser());
    const { token: otherSession } = await issueToken(user._id, 7);
    const ended = await socketOf(other.url, token);
    const kept = await socketOf(other.url, otherSession);
    await settled(user._id, 2);

    expect((await legacyPost(t, '/api/login/signout', {}, token)).success).toBe(true);
    await expect.poll(ended.closed, { timeout: 10_000 }).toBe(serverClosed);
    await settled(user._id, 1);
    await push(user._id, 4);
    await expect.poll(() => kept.unread, { timeout: 10_000 }).toEqual([4]);
    expect(ended.unread).toEqual([]);
    expect(kept.closed()).toBeUndefined();
  });

  it('退出所有设备 disconnects every socket of the user, in both processes', async () => {
    const { user, token } = await signedIn(buildUser());
    const { token: phone } = await issueToken(user._id, 7);
    const sockets = [await socketOf(other.url, token), await socketOf(t.baseUrl, phone)];
    await settled(user._id, 2);

    expect((await trpcMutation(t, 'users.signOutEverywhere', undefined, token)).status).toBe(200);
    for (const socket of sockets) await expect.poll(socket.closed, { timeout: 10_000 }).toBe(serverClosed);
    await push(user._id, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const socket of sockets) expect(socket.unread).toEqual([]);
  });

  it("a password change disconnects the other sessions' sockets and keeps the changing session's", async () => {
    const { user, token: here } = await signedIn(buildUser({ passwordHash: '' }));
    await trpcMutation(t, 'users.setPassword', { password: 'first-pass1', rePassword: 'first-pass1' }, here);
    const { token: elsewhere } = await issueToken(user._id, 7);
    const mine = await socketOf(other.url, here);
    const theirs = await socketOf(other.url, elsewhere);
    await settled(user._id, 2);

    const update = await trpcMutation(
      t,
      'users.updatePassword',
      { oldPassword: 'first-pass1', password: 'second-pass2', rePassword: 'second-pass2' },
      here,
    );
    expect(update.status).toBe(200);
    await expect.poll(theirs.closed, { timeout: 10_000 }).toBe(serverClosed);
    await push(user._id, 1);
    await expect.poll(() => mine.unread, { timeout: 10_000 }).toEqual([1]);
    expect(theirs.unread).toEqual([]);
    expect(mine.closed()).toBeUndefined();
  });
});
