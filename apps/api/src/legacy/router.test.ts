import express from 'express';
import { describe, expect, it } from 'vitest';
import { Texts } from '@forum/contracts';
import { useTestApi } from '../test/harness';
import { firstSegment, routesBySegment } from './router';

const t = useTestApi();

async function get(
  path: string,
): Promise<{ status: number; body: { errorCode?: number; message?: string; data?: unknown } }> {
  const response = await fetch(`${t.baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as never };
}

describe('legacy routes indexed by their first segment', () => {
  it('names the literal first segment of a path, lower-cased', () => {
    expect(firstSegment('/topic/:id')).toBe('topic');
    expect(firstSegment('/Topic/Topics')).toBe('topic');
    expect(firstSegment('/captcha')).toBe('captcha');
    expect(firstSegment('/')).toBe('');
  });

  it('refuses a route whose first segment is not literal, which the index could not place', () => {
    const noop = () => undefined;
    const api = routesBySegment(express.Router(), () => noop);
    expect(() => api.get('/:kind/list', noop)).toThrow('a legacy route needs a literal first segment');
    expect(() => api.get('/*rest', noop)).toThrow('a legacy route needs a literal first segment');
  });

  it('matches paths as Express did: any case, a trailing slash', async () => {
    for (const path of ['/api/topic/topics', '/api/TOPIC/Topics', '/api/topic/topics/']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(body.errorCode, path).toBe(0);
    }
  });

  it('answers a path no route serves with the envelope, under /admin as bbs-go did', async () => {
    for (const path of ['/api/nothing/here', '/api/topicx/1', '/api/topic/nothing/here', '/api/']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(404);
      expect(body.message, path).toBe(Texts.http.unknownPath);
    }
    const admin = await get('/api/admin/nothing');
    expect(admin.status).toBe(404);
    expect(admin.body.message).toBe('Http error');
  });
});
