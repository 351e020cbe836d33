/**
 * What one client may cost through socket.io: its events are rate-limited (a flood reads no
 * database, writes no key and ends with the socket closed), it watches a bounded number of rooms,
 * one address holds a bounded number of sockets, and handshakes and watches wait for nobody when
 * the process is busy (the load shedder's slots).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SocketRoom, type ClientToServerEvents, type ServerToClientEvents } from '@forum/contracts';
import { createLogger, createRedis } from '@forum/core';
import { buildTopic, buildUser, defaultNode } from '@forum/core/testing';
import { createLoadShedder } from '../http/load-shedding';
import { useTestApi } from '../test/harness';
import { testRedis } from '../test/accounts-helpers';
import { attachRealtime, defaultSocketLimits } from './io';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const t = useTestApi();
const clients: Client[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

function open(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: headers,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

const roomsOf = async (client: Client) => {
  const [socket] = await t.api.io.in(client.id!).fetchSockets();
  return [...(socket?.rooms ?? [])].filter((room) => /^(topic|article):/.test(room));
};

describe('socket events', () => {
  it('a flood of entity:watch with made-up ids reads no database, writes no key, and closes the socket', async () => {
    const client = await open(t.baseUrl);
    let reason: string | undefined;
    client.on('disconnect', (why) => (reason = why));
    // The API writes a few keys of its own while it settles after start; the flood is measured after.
    const keyCount = async () => (await testRedis().keys(`${t.prefix}*`)).length;
    let keysBefore = await keyCount();
    for (let settled = 0; settled < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await keyCount();
      settled = now === keysBefore ? settled + 1 : 0;
      keysBefore = now;
    }
    const queries: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => queries.push(`${collection}.${method}`));
    try {
      for (let i = 0; i < 2000; i++) {
        client.emit('entity:watch', {
          entityType: i % 2 ? 'topic' : 'article',
          entityId: 1_000_000 + Math.floor(Math.random() * 1_000_000),
        });
      }
      await expect.poll(() => reason, { timeout: 10_000 }).toBe('io server disconnect');
    } finally {
      mongoose.set('debug', false);
    }
    expect(queries.filter((query) => /^(topics|articles)\./.test(query))).toEqual([]);
    expect((await testRedis().keys(`${t.prefix}*`)).length).toBe(keysBefore);
  });

  it('a socket watches at most 10 topics at once: a new one replaces the oldest', async () => {
    const user = await buildUser();
    const nodeId = (await defaultNode())._id;
    const topics = [];
    for (let i = 0; i < 12; i++) topics.push(await buildTopic({ userId: user._id, nodeId }));
    const client = await open(t.baseUrl);
    for (const topic of topics) client.emit('entity:watch', { entityType: 'topic', entityId: topic._id });
    const expected = topics.slice(2).map((topic) => SocketRoom.entity('topic', topic._id));
    await expect
      .poll(async () => (await roomsOf(client)).sort(), { timeout: 10_000 })
      .toEqual(expected.sort());
  });
});

describe('sockets per address', () => {
  it(`accepts ${defaultSocketLimits.perAddress} sockets from one address, refuses more, and takes them again as they close`, async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const held: Client[] = [];
    for (let i = 0; i < defaultSocketLimits.perAddress; i++)
      held.push(await open(t.baseUrl, from('10.60.0.1')));
    await expect(open(t.baseUrl, from('10.60.0.1'))).rejects.toThrow();
    // Another address is not affected.
    await expect(open(t.baseUrl, from('10.60.0.2'))).resolves.toBeTruthy();
    held[0]!.disconnect();
    await expect
      .poll(
        () =>
          open(t.baseUrl, from('10.60.0.1')).then(
            () => 'connected',
            () => 'refused',
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe('connected');
  });
});

describe('socket traffic and load shedding', () => {
  it('refuses handshakes and ignores watches while every slot of the process is taken', async () => {
    const shedder = createLoadShedder({
      maxActive: 1,
      maxQueued: 0,
      queueWaitMs: 100,
      requestTimeoutMs: 5000,
      retryAfterSeconds: 1,
    });
    const pub = createRedis(t.config.REDIS_URL);
    const sub = createRedis(t.config.REDIS_URL);
    const server = createServer();
    const io = attachRealtime(server, pub, sub, createLogger('test', 'silent'), t.prefix, { shedder });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const user = await buildUser();
      const topic = await buildTopic({ userId: user._id, nodeId: (await defaultNode())._id });
      const early = await open(url);
      // The process is busy: its one slot is held (by a request, say).
      const release = shedder.admit()!;
      expect(release).toBeTypeOf('function');
      await expect(open(url)).rejects.toThrow('busy');
      early.emit('entity:watch', { entityType: 'topic', entityId: topic._id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(io.of('/').adapter.rooms.has(SocketRoom.entity('topic', topic._id))).toBe(false);
      expect(shedder.stats().shed).toBeGreaterThanOrEqual(2);
      // Free again: both go through.
      release();
      await expect(open(url)).resolves.toBeTruthy();
      early.emit('entity:watch', { entityType: 'topic', entityId: topic._id });
      await expect
        .poll(() => io.of('/').adapter.rooms.has(SocketRoom.entity('topic', topic._id)), { timeout: 5000 })
        .toBe(true);
    } finally {
      await io.close();
      await Promise.all([pub.quit(), sub.quit()]);
    }
  });
});
