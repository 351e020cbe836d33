/**
 * The content lists end to end: the home page and the /topics family (server-rendered, load-more,
 * nodes, likes), articles, tags, friend links and projects with their numbered pages, and a user's
 * topics and articles. Content is seeded straight into the stack's database through the domain
 * package (more than the posting rate limit allows through the API), and removed afterwards.
 */
import type { Browser } from 'playwright-core';
import type * as CoreModule from '@forum/core';
import type { UserDoc } from '@forum/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import {
  expectToast,
  launchBrowser,
  pageErrors,
  phone as iPhone,
  screenshot,
  solidPng,
  waitForHydration,
  withPage,
} from './browser';
import { rebuildStackReadModel, useStackRedis } from './read-model';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const ownerToken = inject('ownerToken');
// The stack names its database after its Redis prefix (see stack.ts).
const database = inject('redisPrefix').replace(/:$/, '');

type Core = typeof CoreModule;
let core: Core;
let browser: Browser;
let closeRedis: (() => Promise<void>) | undefined;

const MINUTE = 60_000;
const desktop = { viewport: { width: 1280, height: 900 } };
const phone = { ...iPhone, viewport: { width: 390, height: 844 } };

interface Seeded {
  owner: UserDoc;
  authors: UserDoc[];
  nodes: { asr: number; tts: number; speaker: number; papers: number };
  tagIds: { asr: number; e2e: number };
  stickyTopicId: number;
  likeTopicId: number;
  asrTopicTitles: string[];
  linkIds: number[];
  projectId: number;
  articleTitles: string[];
}
let seeded: Seeded;
const createdIds: Record<
  'users' | 'nodes' | 'topics' | 'articles' | 'links' | 'projects' | 'tags',
  number[]
> = {
  users: [],
  nodes: [],
  topics: [],
  articles: [],
  links: [],
  projects: [],
  tags: [],
};

async function createTopic(fields: {
  user: UserDoc;
  nodeId: number;
  minutesAgo: number;
  title?: string;
  content: string;
  type?: 0 | 1;
  tagIds?: number[];
  imageList?: { url: string }[];
  viewCount?: number;
  commentCount?: number;
  recommend?: boolean;
}): Promise<number> {
  const id = await core.nextId('topic');
  const time = Date.now() - fields.minutesAgo * MINUTE;
  await core.Topic.create({
    _id: id,
    type: fields.type ?? 0,
    nodeId: fields.nodeId,
    userId: fields.user._id,
    title: fields.title ?? '',
    content: fields.content,
    imageList: fields.imageList ?? [],
    tagIds: fields.tagIds ?? [],
    viewCount: fields.viewCount ?? 0,
    commentCount: fields.commentCount ?? 0,
    recommend: fields.recommend ?? false,
    lastCommentTime: time,
    createTime: time,
  });
  createdIds.topics.push(id);
  return id;
}

/** A picture uploaded through the API as the owner, for the tweets' thumbnails. */
async function uploadPicture(color: string): Promise<string> {
  const png = await solidPng(color, 480, 360);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${apiUrl}/api/upload`, {
    method: 'POST',
    headers: { 'X-User-Token': ownerToken, 'X-Client': 'forum-web' },
    body: form,
  });
  const body = (await response.json()) as { success: boolean; data: { url: string } };
  if (!body.success) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.url;
}

const topicTitles = [
  'Conformer 与 Zipformer 在中文语音识别上的对比实验',
  '流式 ASR 的首字延迟该如何测量？',
  'WeNet 部署到 ARM 板子上的一些坑',
  'CTC 与 RNN-T 的解码速度差异分析',
  '大规模中文语音数据集清洗经验分享',
  'Whisper 微调后方言识别效果提升明显',
  '如何为会议场景构建热词增强？',
  '端到端模型的标点预测放在哪一层更合适',
  'K2 / icefall 新手入门路线',
  '语音识别中的数据增强：SpecAugment 之外还有什么',
  'VITS 合成的韵律问题如何改善',
  '情感语音合成有哪些公开数据集？',
  '声码器选型：HiFi-GAN 还是 BigVGAN',
  '零样本 TTS 的说话人相似度评测方法',
  '中文多音字消歧的工程实践',
  'ECAPA-TDNN 在短语音上的表现',
  '声纹识别中的跨信道问题',
  '说话人日志（Diarization）开源方案对比',
  '本周论文速读：自监督语音表征',
  'Interspeech 投稿经验交流',
  '语音领域值得关注的 arXiv 作者',
  'ICASSP 2026 语音识别方向论文整理',
];

async function seed(): Promise<Seeded> {
  const owner = (await core.User.findOne({ username: 'owner' }).lean<UserDoc>())!;
  const { buildUser, contextFor } = await import('@forum/core/testing');
  const asOwner = contextFor(owner);
  const tag = Date.now().toString(36);
  const authors = [
    await buildUser({ nickname: '林语声', username: `lin${tag}`, description: '做语音识别的工程师' }),
    await buildUser({ nickname: '王声学', username: `wang${tag}`, description: '声学建模 / 语音合成' }),
  ];
  createdIds.users.push(...authors.map((author) => author._id));
  const node = async (name: string, description: string) => {
    const created = await core.createNode(asOwner, { name, description, sortNo: createdIds.nodes.length });
    createdIds.nodes.push(created._id);
    return created._id;
  };
  const nodes = {
    asr: await node('语音识别', '声学模型、语言模型、解码与部署'),
    tts: await node('语音合成', '前端、声学模型与声码器'),
    speaker: await node('声纹识别', '说话人识别、验证与日志'),
    papers: await node('论文分享', '新论文速读与讨论'),
  };
  const [asrTag, e2eTag] = await core.getOrCreateTags(['ASR', '端到端']);
  createdIds.tags.push(asrTag!._id, e2eTag!._id);

  const nodeOf = (i: number) =>
    i < 10 ? nodes.asr : i < 15 ? nodes.tts : i < 18 ? nodes.speaker : nodes.papers;
  const asrTopicTitles: string[] = [];
  for (const [i, title] of topicTitles.entries()) {
    await createTopic({
      user: i % 3 === 0 ? owner : authors[i % 2]!,
      nodeId: nodeOf(i),
      minutesAgo: 30 + i * 47,
      title,
      content: `${title}。欢迎大家在评论区补充自己的经验与数据，我们一起讨论具体的实验设置、指标与复现细节。`,
      tagIds: i < 10 ? [asrTag!._id, ...(i % 2 ? [e2eTag!._id] : [])] : [],
      viewCount: 40 + ((i * 37) % 300),
      commentCount: (i * 7) % 13,
      recommend: i % 4 === 0,
    });
    if (nodeOf(i) === nodes.asr) asrTopicTitles.push(title);
  }
  const pictures = await Promise.all(['#5b8def', '#f0a35e', '#4fb286'].map(uploadPicture));
  const likeTopicId = await createTopic({
    user: authors[0]!,
    nodeId: nodes.asr,
    minutesAgo: 5,
    type: 1,
    content: '今天把组里的流式识别模型量化到了 int8，CER 只涨了 0.2，推理速度快了一倍多 🎉\n晒几张实验曲线。',
    imageList: pictures.map((url) => ({ url })),
    viewCount: 88,
    commentCount: 3,
  });
  await createTopic({
    user: authors[1]!,
    nodeId: nodes.tts,
    minutesAgo: 12,
    type: 1,
    content: '有没有人试过用 24kHz 的数据训练中文 VITS？求分享配置。',
  });
  const stickyTopicId = await createTopic({
    user: owner,
    nodeId: nodes.papers,
    minutesAgo: 60 * 24 * 3,
    title: '【置顶】社区公约与发帖指南',
    content:
      '欢迎来到语音社区！发帖前请先阅读本指南：选择合适的节点，标题写清楚问题，代码与日志请使用代码块。',
    viewCount: 1024,
  });
  await callTrpc('mutation', 'topics.setSticky', { id: stickyTopicId, sticky: true }, ownerToken);

  const articleTitles = [
    '从零实现一个 CTC 解码器',
    'Transformer 语音识别中的位置编码',
    '语音合成评测：MOS 之外的客观指标',
  ];
  // Newest id first in the lists, so the first title gets the last id.
  for (const [i, title] of [...articleTitles.entries()].reverse()) {
    const id = await core.nextId('article');
    const time = Date.now() - (i + 1) * 90 * MINUTE;
    await core.Article.create({
      _id: id,
      userId: i === 2 ? authors[1]!._id : authors[0]!._id,
      title,
      summary: `${title}：本文结合代码与实验结果，讲解背后的原理和实现细节，并给出可复现的配置。`,
      content: `# ${title}\n\n正文。`,
      tagIds: i < 2 ? [asrTag!._id] : [],
      createTime: time,
      updateTime: time,
    });
    createdIds.articles.push(id);
  }

  // More tags than one page of the tag list holds (200).
  const extraTags = await core.getOrCreateTags(Array.from({ length: 205 }, (_, i) => `标签${i + 1}`));
  createdIds.tags.push(...extraTags.map((tag) => tag._id));

  const linkIds: number[] = [];
  const linkNames = ['OpenSLR', 'Hugging Face', 'ESPnet', 'WeNet', 'Kaldi', 'icefall', 'SpeechBrain'];
  for (let i = 0; i < 23; i++) {
    const name = linkNames[i % linkNames.length]!;
    const link = await core.createLink(asOwner, {
      url: `https://example.com/${i + 1}`,
      title: i < linkNames.length ? name : `${name} 镜像 ${i + 1}`,
      summary: `${name}：语音研究常用的开源资源与工具。`,
    });
    linkIds.push(link._id);
  }
  createdIds.links.push(...linkIds);

  let projectId = 0;
  for (let i = 0; i < 21; i++) {
    const project = await core.createProject(asOwner, {
      name: i === 0 ? 'WeNet' : `Project${i + 1}`,
      title: i === 0 ? '面向生产的端到端语音识别工具包' : `语音工具 ${i + 1}`,
      url: 'https://example.com/wenet',
      docUrl: 'https://example.com/wenet/docs',
      content: '## 简介\n\nWeNet 提供 **统一的流式与非流式** 识别模型，以及完整的部署方案。',
    });
    createdIds.projects.push(project._id);
    if (i === 0) projectId = project._id;
  }

  return {
    owner,
    authors,
    nodes,
    tagIds: { asr: asrTag!._id, e2e: e2eTag!._id },
    stickyTopicId,
    likeTopicId,
    asrTopicTitles,
    linkIds,
    projectId,
    articleTitles,
  };
}

beforeAll(async () => {
  core = await import('@forum/core');
  await core.connectDatabase(process.env.MONGO_URL!, database);
  closeRedis = useStackRedis(core);
  browser = await launchBrowser();
  // Other e2e files share this stack's database; the counts below are this file's own content.
  await Promise.all([
    core.Topic.deleteMany({}),
    core.Article.deleteMany({}),
    core.Tag.deleteMany({}),
    core.Link.deleteMany({}),
    core.Project.deleteMany({}),
    core.Comment.deleteMany({}),
    core.UserLike.deleteMany({}),
    core.Favorite.deleteMany({}),
  ]);
  seeded = await seed();
  await rebuildStackReadModel(core);
});

afterAll(async () => {
  await browser?.close();
  if (!core) return;
  // Later files expect the site as the stack made it.
  await Promise.all([
    core.Topic.deleteMany({ _id: { $in: createdIds.topics } }),
    core.Article.deleteMany({ _id: { $in: createdIds.articles } }),
    core.Link.deleteMany({ _id: { $in: createdIds.links } }),
    core.Project.deleteMany({ _id: { $in: createdIds.projects } }),
    core.Tag.deleteMany({ _id: { $in: createdIds.tags } }),
    core.TopicNode.deleteMany({ _id: { $in: createdIds.nodes } }),
    core.User.deleteMany({ _id: { $in: createdIds.users } }),
    core.UserLike.deleteMany({ entityId: { $in: createdIds.topics } }),
  ]);
  await rebuildStackReadModel(core);
  await closeRedis?.();
  await core.disconnectDatabase();
});

describe('the home page', () => {
  it('is rendered on the server with the sticky topics, the topic list, the nodes and the links', async () => {
    const response = await fetch(`${webUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="sticky-topics"');
    expect(html).toContain('【置顶】社区公约与发帖指南');
    expect(html).toContain('置顶');
    // The newest activity first: the tweet of five minutes ago, then the oldest titles are on page 2.
    expect(html).toContain('今天把组里的流式识别模型量化到了 int8');
    expect(html).toContain(topicTitles[0]);
    expect(html).not.toContain(topicTitles[21]);
    expect(html).toContain('发布于');
    expect(html).toContain('data-testid="topics-nav"');
    for (const name of ['最新', '推荐', '语音识别', '语音合成', '声纹识别', '论文分享'])
      expect(html).toContain(name);
    expect(html).toContain('友情链接');
    expect(html).toContain('查看更多&gt;&gt;');
  });

  it('loads more topics until "到底啦"', async () => {
    await withPage(browser, desktop, async (page) => {
      const errors = pageErrors(page);
      await page.goto('/');
      await waitForHydration(page);
      const list = page.getByTestId('topic-list');
      expect(await list.getByTestId('topic-item').count()).toBe(20);
      expect(await page.getByTestId('sticky-topics').getByTestId('topic-item').count()).toBe(1);
      await screenshot(page, 'lists-home-desktop');

      const more = page.getByTestId('load-more');
      expect(await more.textContent()).toBe('查看更多');
      await more.click();
      // 25 topics, one of them sticky: it shows once, on top, not again in the list.
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="topic-list"] [data-testid="topic-item"]').length === 24,
      );
      expect(await list.getByRole('link', { name: topicTitles[21]!, exact: true }).isVisible()).toBe(true);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="load-more"]')?.textContent === '到底啦',
      );
      expect(await more.isDisabled()).toBe(true);

      // A topic from the loaded page, then Back: every loaded topic is there again, where it was.
      const late = list.getByRole('link', { name: topicTitles[21]!, exact: true });
      await late.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await late.click();
      await page.waitForURL(/\/topic\/\d+$/);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="topic-list"] [data-testid="topic-item"]').length === 24,
      );
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 40);
      expect(errors).toEqual([]);
    });
  });

  it('shows a tweet with its picture thumbnails', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      const tweet = page.locator(`[data-topic-id="${seeded.likeTopicId}"]`);
      expect(await tweet.getByTestId('tweet-content').textContent()).toContain('int8');
      const images = tweet.getByTestId('tweet-images').locator('img');
      expect(await images.count()).toBe(3);
      await page.waitForFunction(
        (id) =>
          [
            ...document.querySelectorAll<HTMLImageElement>(`[data-topic-id="${id}"] img[loading="lazy"]`),
          ].every((img) => img.complete && img.naturalWidth > 0),
        seeded.likeTopicId,
      );
    });
  });
});

describe('the /topics pages', () => {
  it('lists one node, highlighted in the dock, under the title "<node> - 话题"', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto(`/topics/node/${seeded.nodes.asr}`);
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^语音识别 - 话题 \| /);
      expect(await page.getByTestId('list-header').textContent()).toContain('声学模型、语言模型、解码与部署');
      const items = page.getByTestId('topic-list').getByTestId('topic-item');
      expect(await items.count()).toBe(seeded.asrTopicTitles.length + 1);
      for (const name of await items.locator('a[href^="/topics/node/"]').allTextContents()) {
        expect(name).toBe('语音识别');
      }
      const current = page.getByTestId('topics-nav').locator('[aria-current="page"]');
      expect(await current.textContent()).toBe('语音识别');
      // The site-wide sticky topic belongs to another node, so it is not shown here.
      expect(await page.getByTestId('sticky-topics').count()).toBe(0);
      await screenshot(page, 'lists-node-desktop');
    });
  });

  it('answers 404 for a node that does not exist', async () => {
    expect((await fetch(`${webUrl}/topics/node/987654`)).status).toBe(404);
    expect((await fetch(`${webUrl}/topics/node/abc`)).status).toBe(404);
  });

  it('lists the recommended topics with 推荐 highlighted, and the newest with 最新', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/topics/node/recommend');
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^热门话题 \| /);
      const titles = await page.getByTestId('topic-list').getByTestId('topic-title').allTextContents();
      expect(titles).toEqual(topicTitles.filter((_, i) => i % 4 === 0));
      expect(await page.getByTestId('topics-nav').locator('[aria-current="page"]').textContent()).toBe(
        '推荐',
      );

      await page.getByTestId('topics-nav').getByRole('link', { name: '最新' }).click();
      await page.waitForURL('**/topics/node/newest');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="topics-nav"] [aria-current="page"]')?.textContent === '最新',
      );
      expect(await page.getByTestId('topic-list').getByTestId('topic-item').count()).toBe(20);
    });
  });

  it('lists the topics of a tag', async () => {
    const html = await (await fetch(`${webUrl}/topics/tag/${seeded.tagIds.e2e}`)).text();
    expect(html).toContain('<title>端到端 - 话题 | ');
    const odd = topicTitles.filter((_, i) => i < 10 && i % 2 === 1);
    for (const title of odd) expect(html).toContain(title);
    expect(html).not.toContain(topicTitles[0]);
    // A tag's page lists that tag's topics: the site-wide sticky topic (not tagged so) is not on it.
    expect(html).not.toContain('data-testid="sticky-topics"');
    expect(html).not.toContain('【置顶】社区公约与发帖指南');
  });

  it('shows the real nodes in the mobile panel, the current one highlighted', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto(`/topics/node/${seeded.nodes.tts}`);
      await waitForHydration(page);
      expect(await page.getByTestId('topics-nav').isVisible()).toBe(false);
      await page.getByTestId('mobile-nodes-toggle').click();
      const panel = page.getByTestId('mobile-nodes');
      await panel.getByRole('link', { name: '语音合成' }).waitFor();
      const names = await panel.getByRole('link').allTextContents();
      expect(names.slice(0, 2)).toEqual(['最新', '推荐']);
      expect(names).toEqual(expect.arrayContaining(['语音识别', '语音合成', '声纹识别', '论文分享']));
      expect(await panel.locator('[aria-current="page"]').textContent()).toBe('语音合成');
      await screenshot(page, 'lists-mobile-nodes');

      await panel.getByRole('link', { name: '声纹识别' }).click();
      await page.waitForURL(`**/topics/node/${seeded.nodes.speaker}`);
      // The URL changes first; React commits the new route (and closes the panel) right after.
      await panel.waitFor({ state: 'detached' });
      await screenshot(page, 'lists-node-mobile');
    });
  });
});

describe('liking from a list', () => {
  it('sends a visitor to sign in', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/topics');
      await waitForHydration(page);
      await page.locator(`[data-topic-id="${seeded.likeTopicId}"]`).getByTestId('like-button').click();
      await expectToast(page, '请先登录');
      await page.waitForURL(
        (url) => url.pathname === '/user/signin' && url.searchParams.get('ref') === '/topics',
      );
    });
  });

  it('toggles the like and its count for a signed-in user', async () => {
    await withPage(browser, { ...desktop, token: ownerToken }, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      const item = page.locator(`[data-topic-id="${seeded.likeTopicId}"]`);
      const button = item.getByTestId('like-button');
      expect(await button.textContent()).toBe('赞');
      await button.click();
      await expectToast(page, '点赞成功');
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[data-topic-id="${id}"] [data-testid="like-button"]`)?.textContent ===
          '已赞1',
        seeded.likeTopicId,
      );

      // The server knows the like on the next visit.
      await page.reload();
      await waitForHydration(page);
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await item.getByTestId('like-count').textContent()).toBe('1');

      await button.click();
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[data-topic-id="${id}"] [data-testid="like-button"]`)?.textContent === '赞',
        seeded.likeTopicId,
      );
      expect(await item.getByTestId('like-count').count()).toBe(0);
    });
  });
});

describe('articles', () => {
  it('lists the articles and a tag of them', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/articles');
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^文章 \| /);
      const items = page.getByTestId('article-list').getByTestId('article-item');
      expect(await items.count()).toBe(3);
      const first = items.first();
      expect(await first.textContent()).toContain('由林语声发布于');
      expect(await first.getByRole('link', { name: seeded.articleTitles[0] }).getAttribute('href')).toMatch(
        /^\/article\/\d+$/,
      );
      expect(await page.getByTestId('load-more').textContent()).toBe('到底啦');
      await screenshot(page, 'lists-articles');

      await first.getByRole('link', { name: '#ASR' }).click();
      await page.waitForURL(`**/articles/${seeded.tagIds.asr}`);
      await page.waitForFunction(() => document.title.startsWith('ASR - 文章 | '));
      const tagged = await page.getByTestId('article-list').getByRole('heading').allTextContents();
      expect(tagged).toEqual(seeded.articleTitles.slice(0, 2));
    });
  });
});

describe('a user page', () => {
  it("lists the user's topics and articles", async () => {
    await withPage(browser, desktop, async (page) => {
      const author = seeded.authors[0]!;
      await page.goto(`/user/${author._id}`);
      await waitForHydration(page);
      const topics = page.getByTestId('topic-list').getByTestId('topic-item');
      expect(await topics.count()).toBeGreaterThan(5);
      for (const name of await topics.locator('a[href^="/user/"]:not(:has(img, span))').allTextContents()) {
        expect(name).toBe(author.nickname);
      }
      await screenshot(page, 'lists-user-topics');

      await page.locator('a[href$="?tab=articles"]').click();
      await page.waitForURL('**?tab=articles');
      await page.getByTestId('article-list').waitFor();
      expect(await page.getByTestId('article-list').getByRole('heading').allTextContents()).toEqual(
        seeded.articleTitles.slice(0, 2),
      );
    });
  });
});

describe('numbered lists', () => {
  it('pages the tags 200 at a time and links each to its topics', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/tags');
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^标签 \| /);
      expect(await page.getByTestId('tag-list').getByRole('link').count()).toBe(200);
      const pagination = page.getByTestId('pagination');
      expect(await pagination.locator('[aria-current="page"]').textContent()).toBe('1');
      expect(await pagination.getByRole('link', { name: '2' }).getAttribute('href')).toBe('/tags/2');
      await pagination.getByRole('link', { name: '下一页' }).click();
      await page.waitForURL('**/tags/2');
      await waitForHydration(page);
      const second = page.getByTestId('tag-list').getByRole('link');
      expect(await second.count()).toBe(7);
      expect(await page.getByText('上一页').getAttribute('href')).toBe('/tags/1');
      expect(await page.getByText('下一页').getAttribute('aria-disabled')).toBe('true');

      await page.getByTestId('tag-list').getByRole('link', { name: 'ASR' }).click();
      await page.waitForURL(`**/topics/tag/${seeded.tagIds.asr}`);
      await page.waitForFunction(() => document.title.startsWith('ASR - 话题 | '));
    });
  });

  it('pages the friend links 20 at a time and shows one', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/links');
      await waitForHydration(page);
      const items = page.getByTestId('link-list').getByTestId('link-item');
      expect(await items.count()).toBe(20);
      const title = items.first().getByRole('link', { name: 'OpenSLR' });
      expect(await title.getAttribute('target')).toBe('_blank');
      expect(await title.getAttribute('rel')).toContain('nofollow');
      await screenshot(page, 'lists-links');

      await page.goto('/links/2');
      expect(await page.getByTestId('link-list').getByTestId('link-item').count()).toBe(3);

      await page.goto(`/link/${seeded.linkIds[0]}`);
      expect(await page.title()).toMatch(/^OpenSLR - 友情链接 \| /);
      expect(await page.getByTestId('link-detail').textContent()).toContain('地址：https://example.com/1');
      await screenshot(page, 'lists-link-detail');
    });
    expect((await fetch(`${webUrl}/link/987654`)).status).toBe(404);
    expect((await fetch(`${webUrl}/links/abc`)).status).toBe(404);
  });

  it('pages the projects 20 at a time and shows one', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/projects');
      await waitForHydration(page);
      expect(await page.getByTestId('project-list').getByTestId('project-item').count()).toBe(20);
      expect(await page.getByTestId('pagination').getByRole('link', { name: '2' }).getAttribute('href')).toBe(
        '/projects/2',
      );
      await screenshot(page, 'lists-projects');

      await page.goto('/projects/2');
      expect(await page.getByTestId('project-list').getByTestId('project-item').count()).toBe(1);

      await page.goto(`/project/${seeded.projectId}`);
      await waitForHydration(page);
      expect(await page.title()).toMatch(/^WeNet - 面向生产的端到端语音识别工具包 - 开源项目 \| /);
      expect(await page.getByTestId('project-content').innerHTML()).toContain(
        '<strong>统一的流式与非流式</strong>',
      );
      expect(await page.getByRole('link', { name: '项目主页' }).getAttribute('href')).toBe(
        'https://example.com/wenet',
      );
      await screenshot(page, 'lists-project-detail');
    });
    expect((await fetch(`${webUrl}/project/987654`)).status).toBe(404);
  });
});
