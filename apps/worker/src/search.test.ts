/**
 * The `search` queue on the real worker: a published topic is found within seconds, an edit is
 * found by its new words and no longer by its old ones (a tweet's edit too), a deletion leaves the
 * results, and an article is indexed too.
 */
import { describe, expect, it } from 'vitest';
import { TopicType } from '@forum/contracts';
import {
  createArticle,
  createTopic,
  deleteTopic,
  editContent,
  editTopic,
  muteUser,
  search,
} from '@forum/core';
import { buildOwner, buildUser, contextFor, postTopic, useTestServices } from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';

const services = useTestServices();

useWorkerForum(services, ['search', 'maintenance']);

const found = async (keyword: string, kind: 'topic' | 'article' = 'topic') =>
  (await search({ keyword, kind })).results.map((hit) => hit.id);

describe('the search queue', () => {
  it('indexes a new topic, follows its edit and drops it when deleted', async () => {
    const author = await buildUser();
    const topic = await postTopic(author, '麦克风阵列标定', '阵列的几何标定步骤');
    await waitFor('the topic to be found', async () => (await found('阵列标定')).includes(topic._id));

    await editTopic(contextFor(author), {
      id: topic._id,
      nodeId: topic.nodeId,
      title: '声源定位笔记',
      content: '到达时间差估计',
      hideContent: '',
    });
    await waitFor('the edit to be found', async () => (await found('声源定位')).includes(topic._id));
    expect(await found('阵列标定')).not.toContain(topic._id);

    await deleteTopic(contextFor(author), topic._id);
    await waitFor('the deleted topic to leave', async () => !(await found('声源定位')).includes(topic._id));
  });

  it('follows the edit of a tweet’s text', async () => {
    const author = await buildUser();
    const tweet = await createTopic(contextFor(author), {
      type: TopicType.Tweet,
      nodeId: 0,
      content: '今天调好了波束形成',
    });
    await waitFor('the tweet to be found', async () => (await found('波束形成')).includes(tweet._id));
    await editContent(contextFor(author), { kind: 'tweet', id: tweet._id, content: '今天调好了回声消除' });
    await waitFor('the edit to be found', async () => (await found('回声消除')).includes(tweet._id));
    expect(await found('波束形成')).not.toContain(tweet._id);
  });

  it('a permanently muted user’s topics leave the results', async () => {
    const author = await buildUser();
    const owner = await buildOwner();
    const topic = await postTopic(author, '灌水广告帖', '广告');
    await waitFor('the topic to be found', async () => (await found('灌水广告')).includes(topic._id));
    await muteUser(contextFor(owner), { userId: author._id, days: -1, reason: '广告' });
    await waitFor(
      'the muted user’s topic to leave',
      async () => !(await found('灌水广告')).includes(topic._id),
    );
  });

  it('indexes articles, counted beside topics', async () => {
    const author = await buildUser();
    const article = await createArticle(contextFor(author), {
      title: '语音分离综述',
      summary: '',
      content: '从深度聚类到 TasNet',
    });
    await waitFor('the article to be found', async () =>
      (await found('tasnet', 'article')).includes(article._id),
    );
    expect((await search({ keyword: 'tasnet' })).counts.article).toBe(1);
  });
});
