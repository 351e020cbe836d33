import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../request-context';
import { saveSiteConfig } from '../config/save-site-config';
import { closeEventBus, initEventBus } from '../events';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { renderMarkdown } from '../markdown';
import { docKey } from '../read-model/entities';
import { rebuildReadModel } from '../read-model/rebuild';
import { readTopic, topicKind } from '../read-model/topics';
import { siteRenderOptions } from '../site';
import { buildUser, contextFor, postTopic, useTestServices } from '../testing';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { createTopic } from './create-topic';
import { topicText } from './presenters';
import { renderVariant } from './rendering';
import { TopicType } from '@forum/contracts';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(async () => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
  await ensureDefaultNode();
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

const aDayOld = { createTime: Date.now() - 86_400_000 };
const CONTENT = '## 背景\n\n见 [论文](https://example.org/paper) 与 **WeNet**。';

async function storedRendering(id: number) {
  const raw = await redis.get(docKey(topicKind, id));
  return (JSON.parse(raw!) as { rendered?: { variant: string; body: string; summary: string } }).rendered;
}

describe("a topic's rendering in the read model", () => {
  it('is made when the topic is cached, and lists and the detail answer with it without rendering', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '渲染', CONTENT);
    const render = await siteRenderOptions();
    const stored = await storedRendering(topic._id);
    expect(stored).toEqual({
      variant: renderVariant(render),
      body: renderMarkdown(CONTENT, render),
      summary: expect.stringContaining('背景'),
    });

    // What a reader answers with is the stored rendering: a marker put in its place comes out.
    const cached = await readTopic(topic._id);
    const marked = { ...cached!, rendered: { ...stored!, body: '<p>stored</p>', summary: 'stored' } };
    expect(topicText(marked, true, render).content).toBe('<p>stored</p>');
    expect(topicText(marked, false, render).summary).toBe('stored');
  });

  it('made with other settings is not used: a changed link redirect renders anew', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '跳转', CONTENT);
    const cached = (await readTopic(topic._id))!;
    await saveSiteConfig(systemContext(), { urlRedirect: true });
    try {
      const render = await siteRenderOptions();
      expect(render.urlRedirect).toBe(true);
      const { content } = topicText(cached, true, render);
      expect(content).toContain('/redirect?url=');
      expect(content).toBe(renderMarkdown(CONTENT, render));
    } finally {
      await saveSiteConfig(systemContext(), { urlRedirect: false });
    }
  });

  it('is kept for topics only (a tweet is plain text) and made again by a rebuild', async () => {
    const author = await buildUser(aDayOld);
    const tweet = await createTopic(contextFor(author), {
      type: TopicType.Tweet,
      nodeId: 0,
      content: '短文',
    });
    expect(await storedRendering(tweet._id)).toBeUndefined();
    const topic = await postTopic(author, '重建', CONTENT);
    await rebuildReadModel();
    expect((await storedRendering(topic._id))?.body).toBe(renderMarkdown(CONTENT, await siteRenderOptions()));
    expect(await storedRendering(tweet._id)).toBeUndefined();
  });
});
