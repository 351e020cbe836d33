/**
 * Search over both transports: the legacy topic search (docs/legacy-api.md §1.12, §4.16) with its filters, paging and
 * escaped highlights, our search of topics and articles with counts per kind, and the reindex
 * that only the owner and admins may start. Documents are indexed as the search queue's jobs do.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResultPage } from '@forum/contracts';
import { Topic, reprojectTopic, syncSearchDocument, type TopicDoc } from '@forum/core';
import { buildTopic, buildUser, findXss, signedIn, xssCorpus } from '@forum/core/testing';
import { legacyGet, legacyPost, trpcQuery } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();

interface LegacyHit {
  topicId: number;
  user: { id: number; nickname: string };
  node: { nodeId: number; name: string } | null;
  title: string;
  summary: string;
  createTime: number;
}
type LegacyPage = { page: { page: number; limit: number; total: number }; results: LegacyHit[] };

async function indexed(...overrides: Partial<TopicDoc>[]) {
  const user = await buildUser();
  const topics = [];
  for (const fields of overrides) {
    const topic = await buildTopic({ userId: user._id, ...fields });
    await syncSearchDocument('topic', topic._id);
    topics.push(topic);
  }
  return topics;
}

const searchTopics = async (fields: Record<string, string | number>) =>
  (await legacyPost(t, '/api/search/topic', fields)).data as LegacyPage;

describe('POST /api/search/topic', () => {
  it('finds parts of words and highlights them in title and summary', async () => {
    const [pending, post] = await indexed(
      { title: '待处理的语料清单', content: '这些待处理音频需要重采样' },
      { title: '声学特征的后处理', content: '倒谱均值归一化属于后处理' },
    );
    const page = await searchTopics({ keyword: '处理' });
    expect(page.page).toMatchObject({ page: 1, limit: 20 });
    const ids = page.results.map((hit) => hit.topicId);
    expect(ids).toEqual(expect.arrayContaining([pending!._id, post!._id]));
    const hit = page.results.find((result) => result.topicId === pending!._id)!;
    expect(hit.title).toBe("待<span class='search-highlight'>处理</span>的语料清单");
    expect(hit.summary).toContain("<span class='search-highlight'>处理</span>");
    expect(hit.user).toMatchObject({ id: pending!.userId });
  });

  it('filters by node, recommended and time range, and pages by 20', async () => {
    const old = Date.now() - 40 * 24 * 3600 * 1000;
    const [recommended, aged] = await indexed(
      { title: '波束形成推荐帖 甲', content: '波束形成', recommend: true },
      { title: '波束形成旧帖 乙', content: '波束形成', createTime: old },
    );
    const all = await searchTopics({ keyword: '波束形成' });
    expect(all.results.map((hit) => hit.topicId)).toEqual(
      expect.arrayContaining([recommended!._id, aged!._id]),
    );
    const onlyRecommended = await searchTopics({ keyword: '波束形成', nodeId: -1 });
    expect(onlyRecommended.results.map((hit) => hit.topicId)).toContain(recommended!._id);
    expect(onlyRecommended.results.map((hit) => hit.topicId)).not.toContain(aged!._id);
    const thisMonth = await searchTopics({ keyword: '波束形成', timeRange: 3 });
    expect(thisMonth.results.map((hit) => hit.topicId)).not.toContain(aged!._id);
    const otherNode = await searchTopics({ keyword: '波束形成', nodeId: 999_999 });
    expect(otherNode.results).toEqual([]);

    await indexed(
      ...Array.from({ length: 21 }, (_, i) => ({ title: `回声消除 第${i}篇`, content: '回声消除' })),
    );
    const first = await searchTopics({ keyword: '回声消除' });
    const second = await searchTopics({ keyword: '回声消除', page: 2 });
    expect(first.page.total).toBe(21);
    expect(first.results).toHaveLength(20);
    expect(second.results).toHaveLength(1);
  });

  it('a deleted topic leaves the results; an empty keyword finds nothing', async () => {
    const [topic] = await indexed({ title: '即将删除的声纹帖', content: '声纹' });
    expect((await searchTopics({ keyword: '即将删除' })).results.map((hit) => hit.topicId)).toContain(
      topic!._id,
    );
    await Topic.updateOne({ _id: topic!._id }, { status: 1 });
    await reprojectTopic(topic!._id);
    await syncSearchDocument('topic', topic!._id);
    expect((await searchTopics({ keyword: '即将删除' })).results).toEqual([]);
    expect(await searchTopics({ keyword: '  ' })).toMatchObject({ results: [], page: { total: 0 } });
  });

  it('one search is shared by visitors and signed-in readers until the index changes', async () => {
    const [first] = await indexed({ title: '共享答案的端点检测帖', content: '端点检测' });
    const { token } = await signedIn(buildUser());
    const asVisitor = await legacyPost(t, '/api/search/topic', { keyword: '端点检测' });
    const asReader = await legacyPost(t, '/api/search/topic', { keyword: '端点检测' }, token);
    expect(asReader).toEqual(asVisitor);
    expect((asVisitor.data as LegacyPage).results.map((hit) => hit.topicId)).toEqual([first!._id]);
    const [second] = await indexed({ title: '又一篇端点检测帖', content: '端点检测' });
    const again = await searchTopics({ keyword: '端点检测' });
    expect(again.results.map((hit) => hit.topicId).sort()).toEqual([first!._id, second!._id].sort());
  });

  it('never lets a payload through the highlights', async () => {
    const marker = '声学标记';
    const topics = await indexed(
      ...xssCorpus
        .slice(0, 40)
        .map((payload) => ({ title: `${marker}${payload.input.slice(0, 100)}`, content: payload.input })),
    );
    const seen = new Set<number>();
    for (let page = 1; page <= 2; page++) {
      for (const hit of (await searchTopics({ keyword: marker, page })).results) {
        seen.add(hit.topicId);
        expect(findXss(hit.title), hit.title).toEqual([]);
        expect(findXss(hit.summary), hit.summary).toEqual([]);
      }
    }
    expect(seen.size).toBe(topics.length);
  });
});

describe('search procedures and reindex', () => {
  it('search.query answers highlighted topics with counts per kind', async () => {
    await indexed({ title: '语谱图可视化工具', content: '画语谱图' });
    const page = (await trpcQuery(t, 'search.query', { keyword: '语谱图' })).body.result
      ?.data as SearchResultPage;
    expect(page.kind).toBe('topic');
    expect(page.counts.topic).toBeGreaterThanOrEqual(1);
    expect(page.results[0]).toMatchObject({
      kind: 'topic',
      title: expect.stringContaining('search-highlight'),
    });
  });

  it('search.query orders by 相关度 or 最新 (sort); the legacy search keeps its parameters', async () => {
    const now = Date.now();
    const [leading, passing] = await indexed(
      { title: '谱聚类做说话人日志', content: '先抽嵌入再聚类', createTime: now - 60_000 },
      { title: '会议笔记', content: '顺带提到了谱聚类，还有其他很多内容', createTime: now },
    );
    const order = async (input: Record<string, unknown>) =>
      (
        (await trpcQuery(t, 'search.query', { keyword: '谱聚类', ...input })).body.result
          ?.data as SearchResultPage
      ).results.map((hit) => hit.id);
    expect(await order({})).toEqual([leading!._id, passing!._id]);
    expect(await order({ sort: 'relevance' })).toEqual([leading!._id, passing!._id]);
    expect(await order({ sort: 'newest' })).toEqual([passing!._id, leading!._id]);
    const legacy = await searchTopics({ keyword: '谱聚类', sort: 'newest' });
    expect(legacy.results.map((hit) => hit.topicId)).toEqual([leading!._id, passing!._id]);
  });

  it('only the owner and admins may start a reindex', async () => {
    expect(await legacyPost(t, '/api/search/reindex')).toMatchObject({ success: false, errorCode: 1 });
    expect(await legacyGet(t, '/api/search/reindex', {}, (await signedIn(buildUser())).token)).toMatchObject({
      success: false,
    });
    expect(await legacyPost(t, '/api/search/reindex', {}, await ownerToken())).toMatchObject({
      success: true,
    });
  });
});
