import { describe, expect, it } from 'vitest';
import { bullPrefix } from '@forum/core';
import { loadWorkerConfig } from './config';

const required = { MONGO_URL: 'mongodb://127.0.0.1:27017/forum', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('worker configuration', () => {
  it('consumes every queue with concurrency 4 and serves health on 3002 by default', () => {
    const config = loadWorkerConfig(required);
    expect(config.queues).toEqual(['points', 'notify', 'feed', 'search', 'mail', 'maintenance']);
    expect(Object.values(config.concurrency)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(config.healthPort).toBe(3002);
    expect(config.logLevel).toBe('info');
    expect(bullPrefix(config.redisPrefix)).toBe('bull');
  });

  it('takes its queues from WORKER_QUEUES and each width from WORKER_CONCURRENCY_<QUEUE>', () => {
    const config = loadWorkerConfig({
      ...required,
      WORKER_QUEUES: ' points, notify ,points',
      WORKER_CONCURRENCY_POINTS: '8',
      WORKER_HEALTH_PORT: '0',
    });
    expect(config.queues).toEqual(['points', 'notify']);
    expect(config.concurrency.points).toBe(8);
    expect(config.concurrency.notify).toBe(4);
    expect(config.healthPort).toBe(0);
  });

  it('takes the interval between notice mails from MAIL_NOTICE_INTERVAL_SECONDS, unset by default', () => {
    expect(loadWorkerConfig(required).mailNoticeIntervalSeconds).toBeUndefined();
    expect(
      loadWorkerConfig({ ...required, MAIL_NOTICE_INTERVAL_SECONDS: '120' }).mailNoticeIntervalSeconds,
    ).toBe(120);
  });

  it('takes the name recorded on jobs from WORKER_NAME and the metrics token from METRICS_TOKEN', () => {
    const config = loadWorkerConfig({ ...required, WORKER_NAME: 'points-a', METRICS_TOKEN: 'x'.repeat(16) });
    expect(config.name).toBe('points-a');
    expect(config.metricsToken).toBe('x'.repeat(16));
    expect(loadWorkerConfig(required).metricsToken).toBeUndefined();
  });

  it('derives the BullMQ prefix from REDIS_PREFIX without its trailing colon', () => {
    expect(bullPrefix(loadWorkerConfig({ ...required, REDIS_PREFIX: 'forum:' }).redisPrefix)).toBe('forum');
  });

  it.each([
    [{ WORKER_QUEUES: 'points,sms' }, /^invalid configuration: WORKER_QUEUES: /],
    [{ WORKER_QUEUES: ' , ' }, /^invalid configuration: WORKER_QUEUES: /],
    [{ WORKER_CONCURRENCY_MAIL: 'lots' }, /^invalid configuration: WORKER_CONCURRENCY_MAIL: /],
    [{ WORKER_CONCURRENCY_FEED: '0' }, /^invalid configuration: WORKER_CONCURRENCY_FEED: /],
    [{ WORKER_HEALTH_PORT: '70000' }, /^invalid configuration: WORKER_HEALTH_PORT: /],
    [{ LOG_LEVEL: 'loud' }, /^invalid configuration: LOG_LEVEL: /],
    [{ MAIL_NOTICE_INTERVAL_SECONDS: '0' }, /^invalid configuration: MAIL_NOTICE_INTERVAL_SECONDS: /],
    [{ MONGO_URL: 'postgres://x' }, /^invalid configuration: MONGO_URL: /],
    [{ REDIS_URL: undefined }, /^invalid configuration: REDIS_URL: /],
    [
      { WORKER_NAME: 'host:1' },
      /^invalid configuration: WORKER_NAME: must be 1 to 100 characters without ":"/,
    ],
    [{ METRICS_TOKEN: 'short' }, /^invalid configuration: METRICS_TOKEN: must be at least 16 characters/],
  ])('a bad value (%o) stops start-up with one line naming it', (bad, message) => {
    expect(() => loadWorkerConfig({ ...required, ...bad })).toThrow(message);
  });
});
