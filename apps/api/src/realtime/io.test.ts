import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SocketRoom, type ClientToServerEvents, type ServerToClientEvents } from '@forum/contracts';
import { createLogger, createRedis } from '@forum/core';
import { buildTopic, buildUser, defaultNode, signedIn, waitFor } from '@forum/core/testing';
import { attachRealtime, type ForumIo } from './io';
import { useTestApi } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const t = useTestApi();
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) client.disconnect();
});

function open(url: string, options: Parameters<typeof connect>[1] = {}): Promise<Client> {
  const client: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    ...options,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

function next<E extends keyof ServerToClientEvents>(client: Client, event: E): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
    client.once(event, ((data: unknown) => {
      clearTimeout(timer);
      resolve(data);
    }) as never);
  });
}

describe('socket.io', () => {
  it('a signed-in socket receives events sent to its user room', async () => {
    const { user, token } = await signedIn(buildUser());
    const client = await open(t.baseUrl, { auth: { token } });
    const received = next(client, 'message:unread');
    await new Promise((r) => setTimeout(r, 100));
    t.api.io.to(SocketRoom.user(user._id)).emit('message:unread', { count: 3 });
    expect(await received).toEqual({ count: 3 });
  });

  it('a visitor socket joins the public topics room only', async () => {
    const user = await buildUser();
    const visitor = await open(t.baseUrl);
    const topic = next(visitor, 'topic:new');
    let leaked = false;
    visitor.on('message:unread', () => (leaked = true));
    await new Promise((r) => setTimeout(r, 100));
    t.api.io.to(SocketRoom.user(user._id)).emit('message:unread', { count: 1 });
    const payload = {
      id: 1,
      nodeId: 2,
      type: 0,
      title: '新话题',
      user: { id: user._id, nickname: 'n', avatar: '' },
    };
    t.api.io.to(SocketRoom.topics).emit('topic:new', payload);
    expect(await topic).toEqual(payload);
    expect(leaked).toBe(false);
  });

  it('the cookie used by the web app authenticates the handshake too', async () => {
    const { user, token } = await signedIn(buildUser());
    const client = await open(t.baseUrl, { extraHeaders: { cookie: `userToken=${token}` } });
    const received = next(client, 'message:unread');
    await new Promise((r) => setTimeout(r, 100));
    t.api.io.to(SocketRoom.user(user._id)).emit('message:unread', { count: 9 });
    expect(await received).toEqual({ count: 9 });
  });

  it('events cross API processes through the Redis adapter', async () => {
    const { user, token } = await signedIn(buildUser());
    const pub = createRedis(t.config.REDIS_URL);
    const sub = createRedis(t.config.REDIS_URL);
    const other = createServer();
    const otherIo: ForumIo = attachRealtime(other, pub, sub, createLogger('test', 'silent'), t.prefix);
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    try {
      const client = await open(`http://127.0.0.1:${(other.address() as AddressInfo).port}`, {
        auth: { token },
      });
      const received = next(client, 'message:unread');
      await new Promise((r) => setTimeout(r, 200));
      t.api.io.to(SocketRoom.user(user._id)).emit('message:unread', { count: 5 });
      expect(await received).toEqual({ count: 5 });
    } finally {
      await otherIo.close();
      await Promise.all([pub.quit(), sub.quit()]);
    }
  });

  it('a socket may watch a shown topic; hidden ones and bad watch requests are ignored', async () => {
    const user = await buildUser();
    const { _id: defaultNodeId } = await defaultNode();
    const shown = await buildTopic({ userId: user._id, nodeId: defaultNodeId });
    const deleted = await buildTopic({ userId: user._id, nodeId: defaultNodeId, status: 1 });
    const client = await open(t.baseUrl);
    client.emit('entity:watch', { entityType: 'topic', entityId: shown._id });
    client.emit('entity:watch', { entityType: 'topic', entityId: deleted._id });
    client.emit('entity:watch', { entityType: 'user', entityId: 1 } as never);
    const rooms = () => [...t.api.io.of('/').adapter.rooms.keys()];
    await waitFor('the watch to be joined', async () => rooms().includes(`topic:${shown._id}`));
    expect(rooms()).not.toContain(`topic:${deleted._id}`);
    expect(rooms()).not.toContain('user:1');
    const comment = next(client, 'comment:new');
    const payload = {
      entityType: 'topic' as const,
      entityId: shown._id,
      commentId: 7,
      parentId: 0,
      userId: 1,
    };
    t.api.io.to(SocketRoom.entity('topic', shown._id)).emit('comment:new', payload);
    expect(await comment).toEqual(payload);
  });

  it("a handshake from another site's page is refused; our pages, BASE_URL's and clients without one connect", async () => {
    const { token } = await signedIn(buildUser());
    const withHeaders = (headers: Record<string, string>, transport: 'websocket' | 'polling') =>
      open(t.baseUrl, {
        transports: [transport],
        extraHeaders: { cookie: `userToken=${token}`, ...headers },
      }).then(
        () => 'connected',
        (error: Error) => error.message,
      );
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await withHeaders({ origin: 'https://evil.example' }, transport)).not.toBe('connected');
      expect(await withHeaders({ origin: 'null' }, transport)).not.toBe('connected');
      expect(await withHeaders({ 'sec-fetch-site': 'cross-site' }, transport)).not.toBe('connected');
      expect(await withHeaders({ origin: t.baseUrl }, transport)).toBe('connected');
      expect(await withHeaders({ origin: new URL(t.config.BASE_URL).origin }, transport)).toBe('connected');
      expect(await withHeaders({}, transport)).toBe('connected');
    }
  });
});
