import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../request-context';
import { saveSiteConfig } from '../config/save-site-config';
import { closeEventBus, initEventBus } from '../events';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { renderMarkdown } from '../markdown';
import { besideKey, docKey, dropDoc } from '../read-model/entities';
import { rebuildReadModel } from '../read-model/rebuild';
import { readTopic, topicKind, withTopicBody } from '../read-model/topics';
import { siteRenderOptions } from '../site';
import { buildUser, contextFor, postTopic, useTestServices } from '../testing';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { createTopic } from './create-topic';
import { topicText } from './presenters';
import { renderVariant, TOPIC_BODY } from './rendering';
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
  const body = await redis.get(besideKey(topicKind, id, TOPIC_BODY));
  return {
    ...(JSON.parse(raw!) as { rendered?: { variant: string; summary: string } }).rendered,
    body: body ? (JSON.parse(body) as { variant: string; body: string }) : null,
  };
}

describe("a topic's rendering in the read model", () => {
  it('is made when the topic is cached, and lists and the detail answer with it without rendering', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '渲染', CONTENT);
    const render = await siteRenderOptions();
    const variant = renderVariant(render);
    const body = renderMarkdown(CONTENT, render);
    // The summary in the cached document (lists read it), the body beside it (the detail reads it).
    expect(await storedRendering(topic._id)).toEqual({
      variant,
      summary: expect.stringContaining('背景'),
      body: { variant, body },
    });
    const cached = (await readTopic(topic._id))!;
    expect(cached.rendered).toEqual({ variant, summary: expect.any(String) });
    expect((await withTopicBody(cached, variant)).rendered?.body).toBe(body);

    // What a reader answers with is the stored rendering: markers put in its place come out.
    await redis.set(
      besideKey(topicKind, topic._id, TOPIC_BODY),
      JSON.stringify({ variant, body: '<p>stored</p>' }),
    );
    const marked = { ...cached, rendered: { variant, summary: 'stored' } };
    expect(topicText(await withTopicBody(marked, variant), true, render).content).toBe('<p>stored</p>');
    expect(topicText(marked, false, render).summary).toBe('stored');
    // Asked for other settings, it is not used.
    expect(await withTopicBody(marked, 'elsewhere')).toBe(marked);
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
    expect(await storedRendering(tweet._id)).toEqual({ body: null });
    const topic = await postTopic(author, '重建', CONTENT);
    await rebuildReadModel();
    expect((await storedRendering(topic._id)).body?.body).toBe(
      renderMarkdown(CONTENT, await siteRenderOptions()),
    );
    expect(await storedRendering(tweet._id)).toEqual({ body: null });
  });

  it('leaves the read model with its topic', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '删除', CONTENT);
    expect(await redis.exists(besideKey(topicKind, topic._id, TOPIC_BODY))).toBe(1);
    await dropDoc(topicKind, topic._id);
    expect(
      await redis.exists(besideKey(topicKind, topic._id, TOPIC_BODY), docKey(topicKind, topic._id)),
    ).toBe(0);
    // A reader that finds it missing loads it from MongoDB and keeps the body beside it again.
    expect((await readTopic(topic._id))?.rendered?.variant).toBe(renderVariant(await siteRenderOptions()));
    expect(await redis.exists(besideKey(topicKind, topic._id, TOPIC_BODY))).toBe(1);
  });
});
