import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildNode, buildUser, metricSample as sample, signedIn, waitFor } from '@forum/core/testing';
import { legacyGet, legacyPost } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
});

async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${t.baseUrl}/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

describe('the API’s /metrics', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const user = await buildUser();
    await legacyGet(t, `/api/user/${user._id}`);
    await legacyGet(t, '/api/user/999999');
    await fetch(`${t.baseUrl}/no/such/page/${Date.now()}`);
    const { status, text } = await scrape();
    expect(status).toBe(200);
    expect(
      sample(text, 'forum_http_request_duration_seconds_count', { route: '/api/user/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'forum_http_request_duration_seconds_bucket', {
        le: '+Inf',
        route: '/api/user/:id',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'forum_http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/user/${user._id}"`);
    expect(text).not.toContain('/no/such/page');
  });

  it('times tRPC procedures by path and outcome', async () => {
    await fetch(`${t.baseUrl}/trpc/config.get`);
    const { text } = await scrape();
    expect(
      sample(text, 'forum_trpc_procedure_duration_seconds_count', { procedure: 'config.get', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts recorded and dispatched events', async () => {
    const { token } = await signedIn(buildUser());
    const { _id: otherNodeId } = await buildNode();
    const created = await legacyPost(
      t,
      '/api/topic/create',
      { nodeId: otherNodeId, title: '指标测试', content: '看看事件计数' },
      token,
    );
    expect(created.success).toBe(true);
    const { text } = await scrape();
    expect(sample(text, 'forum_events_recorded_total', { type: 'topic.created' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'forum_events_dispatched_total', { type: 'topic.created' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).toContain('# TYPE forum_events_swept_total counter');
  });

  it('reports connected sockets and rooms, the read model and the process', async () => {
    const { token } = await signedIn(buildUser());
    const socket = connect(t.baseUrl, { transports: ['websocket'], forceNew: true, auth: { token } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await waitFor('the socket to be counted', async () => {
      const { text } = await scrape();
      return (
        (sample(text, 'forum_sockets_connected') ?? 0) >= 1 &&
        (sample(text, 'forum_socket_rooms', { kind: 'user' }) ?? 0) >= 1
      );
    });
    const { text } = await scrape();
    expect(sample(text, 'forum_socket_rooms', { kind: 'topics' })).toBe(1);
    expect(sample(text, 'forum_read_model_ready')).toBe(1);
    expect(sample(text, 'forum_process_resident_memory_bytes', { role: 'api' })).toBeGreaterThan(0);
    expect(text).toContain('forum_nodejs_eventloop_lag_seconds');
  });

  it('refuses a request that came through a proxy when no token is configured', async () => {
    const forwarded = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.status).toBe(403);
    expect(forwarded.text).not.toContain('forum_');
  });
});
