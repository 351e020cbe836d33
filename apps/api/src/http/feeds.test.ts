import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { DefaultSiteConfig } from '@forum/contracts';
import { Article, Tag, Topic, nextId, reprojectTag, stripNul, type UserDoc } from '@forum/core';
import {
  buildArticle,
  buildTopic,
  buildTopicNodes,
  buildUser,
  findXss,
  xssCorpus,
} from '@forum/core/testing';
import { useTestApi } from '../test/harness';

const BASE = 'https://bbs.example.org';
const t = useTestApi({ BASE_URL: BASE });
let alice: UserDoc;
let bob: UserDoc;
let nodeId: number;

beforeAll(async () => {
  nodeId = (await buildTopicNodes()).otherNodeId;
  alice = await buildUser({
    email: 'alice.secret@mail.example',
    nickname: '语音小王 <b>&"',
    avatar: 'https://cdn.example/avatars/alice-avatar.png',
  });
  bob = await buildUser({ email: 'bob.hidden@mail.example', nickname: '声学老李' });
});

type Node = ReturnType<typeof DomUtils.getChildren>[number];

interface Fetched {
  xml: string;
  headers: Headers;
  root: Node;
}

async function fetchXml(path: string): Promise<Fetched> {
  const response = await fetch(`${t.baseUrl}${path}`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  assertWellFormed(xml);
  const document = parseDocument(xml, { xmlMode: true });
  const root = DomUtils.getChildren(document).find(DomUtils.isTag);
  if (!root) throw new Error(`${path}: no root element`);
  return { xml, headers: response.headers, root };
}

const XML_NAME = '[A-Za-z_][\\w.:-]*';
const REFERENCE = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;

/** Text and attribute values may hold `&` only as one of XML's references, and never a forbidden character. */
function assertCleanCharacters(text: string, where: string): void {
  expect(text.replace(REFERENCE, ''), where).not.toMatch(/[&<]/);
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  expect(text, where).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
}

/**
 * A strict well-formedness check (htmlparser2 repairs broken markup silently, so it cannot tell):
 * the declaration, then one root element whose tags nest exactly, with quoted attributes, text
 * that holds no raw `<` or stray `&`, and no comments, CDATA or processing instructions.
 * Returns the element names seen.
 */
function assertWellFormed(xml: string): Set<string> {
  const declaration = /^<\?xml version="1\.0" encoding="utf-8"\?>\s*/.exec(xml);
  expect(declaration, 'XML declaration').not.toBeNull();
  const tokens = new RegExp(
    `<(${XML_NAME})((?:\\s+${XML_NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>|</(${XML_NAME})\\s*>|([^<]+)`,
    'y',
  );
  tokens.lastIndex = declaration![0].length;
  const open: string[] = [];
  const names = new Set<string>();
  let roots = 0;
  while (tokens.lastIndex < xml.length) {
    const at = tokens.lastIndex;
    const match = tokens.exec(xml);
    if (!match) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 80)}`);
    const [, startName, attributes, selfClosing, endName, text] = match;
    if (startName) {
      if (open.length === 0) roots++;
      names.add(startName);
      for (const value of (attributes ?? '').matchAll(/=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        assertCleanCharacters(value[1] ?? value[2] ?? '', `attribute of <${startName}>`);
      }
      if (!selfClosing) open.push(startName);
    } else if (endName) {
      expect(open.pop(), `closing </${endName}> at ${at}`).toBe(endName);
    } else if (text !== undefined) {
      if (open.length === 0) expect(text.trim(), 'text outside the root').toBe('');
      assertCleanCharacters(text, `text at ${at}`);
      expect(text).not.toContain(']]>');
    }
  }
  expect(open, 'unclosed elements').toEqual([]);
  expect(roots, 'root elements').toBe(1);
  return names;
}

const child = (node: Node, name: string) =>
  DomUtils.getChildren(node).find((c) => DomUtils.isTag(c) && c.name === name);
const childrenNamed = (node: Node, name: string) =>
  DomUtils.getChildren(node).filter((c) => DomUtils.isTag(c) && c.name === name);
const textOf = (node: Node | undefined) => (node ? DomUtils.textContent(node) : undefined);
const attr = (node: Node | undefined, name: string) =>
  node && DomUtils.isTag(node) ? node.attribs[name] : undefined;
const entriesOf = (root: Node) => childrenNamed(root, 'entry');
const entryIdsOf = (root: Node, kind: 'article' | 'topic') =>
  entriesOf(root).map((entry) => Number(textOf(child(entry, 'id'))!.replace(`${BASE}/${kind}/`, '')));

/** A text construct: only characters inside (no element could be smuggled in), typed as plain text. */
function plainTextOf(node: Node | undefined, where: string): string {
  expect(node, where).toBeDefined();
  expect(
    DomUtils.getChildren(node!).every((c) => DomUtils.isText(c)),
    `${where} has markup`,
  ).toBe(true);
  expect(attr(node, 'type') ?? 'text', where).toBe('text');
  return textOf(node)!;
}

const ATOM_ELEMENTS = new Set([
  'feed',
  'id',
  'title',
  'subtitle',
  'updated',
  'link',
  'author',
  'name',
  'entry',
  'published',
  'category',
  'summary',
  'content',
]);

/** Characters that cannot appear in XML at all; the feed drops them. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const withoutNonXml = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

describe('GET /atom.xml', () => {
  let shown: number[] = [];
  beforeAll(async () => {
    const tagId = await nextId('tag');
    await Tag.create({ _id: tagId, name: 'Kaldi', nameLower: 'kaldi', createTime: 1, updateTime: 1 });
    await reprojectTag(tagId);
    shown = [];
    for (let i = 1; i <= 24; i++) {
      const article = await buildArticle({
        userId: i % 2 ? alice._id : bob._id,
        title: `端到端语音识别笔记 ${i}`,
        content: `## 第 ${i} 篇\n\n正文 **加粗** ![图](/uploads/images/${i}.png) [链接](/topic/${i})`,
        tagIds: [tagId],
        createTime: i * 60_000,
        updateTime: i * 60_000 + 1,
      });
      shown.push(article._id);
    }
    // Deleted and pending articles never appear, however new.
    await buildArticle({ userId: alice._id, title: '已删除', status: 1, createTime: 10 ** 9 });
    await buildArticle({ userId: alice._id, title: '审核中', status: 2, createTime: 10 ** 9 });
  });

  it('lists the newest 20 published articles, newest first, as Atom 1.0', async () => {
    const { root, headers } = await fetchXml('/atom.xml');
    expect(headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    expect(DomUtils.isTag(root) && root.name).toBe('feed');
    expect(attr(root, 'xmlns')).toBe('http://www.w3.org/2005/Atom');
    expect(textOf(child(root, 'title'))).toBe(`${DefaultSiteConfig.siteTitle} - 文章`);
    expect(textOf(child(root, 'subtitle'))).toBe(DefaultSiteConfig.siteDescription);
    expect(textOf(child(root, 'id'))).toBe(`${BASE}/atom.xml`);
    const links = childrenNamed(root, 'link').map((link) => [attr(link, 'rel'), attr(link, 'href')]);
    expect(links).toEqual([
      ['self', `${BASE}/atom.xml`],
      ['alternate', `${BASE}/articles`],
    ]);
    expect(entryIdsOf(root, 'article')).toEqual([...shown].reverse().slice(0, 20));
    expect(textOf(child(root, 'updated'))).toBe(new Date(24 * 60_000 + 1).toISOString());
  });

  it('gives each entry its link, times, author name, tags, summary and absolute-URL HTML', async () => {
    const { root } = await fetchXml('/atom.xml');
    const newest = entriesOf(root)[0]!;
    const id = shown.at(-1)!;
    expect(plainTextOf(child(newest, 'title'), 'title')).toBe('端到端语音识别笔记 24');
    expect(attr(child(newest, 'link'), 'href')).toBe(`${BASE}/article/${id}`);
    expect(textOf(child(newest, 'published'))).toBe(new Date(24 * 60_000).toISOString());
    expect(textOf(child(newest, 'updated'))).toBe(new Date(24 * 60_000 + 1).toISOString());
    expect(textOf(child(child(newest, 'author')!, 'name'))).toBe('声学老李');
    expect(attr(child(newest, 'category'), 'term')).toBe('Kaldi');
    expect(plainTextOf(child(newest, 'summary'), 'summary')).toBe('第 24 篇 正文 加粗 链接');
    const content = child(newest, 'content');
    expect(attr(content, 'type')).toBe('html');
    const html = textOf(content)!;
    expect(html).toContain('<h2>第 24 篇</h2>');
    expect(html).toContain(`src="${BASE}/uploads/images/24.png"`);
    expect(html).toContain(`href="${BASE}/topic/24"`);
    expect(html).not.toContain('data-src');
  });

  it('names authors by nickname and never publishes their e-mail or avatar (docs/legacy-api.md Appendix A #12)', async () => {
    const { root, xml } = await fetchXml('/atom.xml');
    const names = entriesOf(root).map((entry) => textOf(child(child(entry, 'author')!, 'name')));
    expect(new Set(names)).toEqual(new Set(['语音小王 <b>&"', '声学老李']));
    for (const secret of ['alice.secret', 'bob.hidden', '@mail.example', 'alice-avatar', 'cdn.example']) {
      expect(xml).not.toContain(secret);
    }
    expect(xml).not.toMatch(/<email>/);
  });
});

describe('GET /topic_atom.xml', () => {
  let shown: number[] = [];
  const longTweet = `今天把 Whisper large-v3 在自建的方言数据上微调了一轮，字错率从 18% 降到 11%，${'继续调参。'.repeat(10)}`;
  beforeAll(async () => {
    shown = [];
    for (let i = 1; i <= 22; i++) {
      const tweet = i % 3 === 0;
      const topic = await buildTopic({
        userId: i % 2 ? alice._id : bob._id,
        nodeId,
        type: tweet ? 1 : 0,
        title: tweet ? '' : `话题 ${i}：Conformer 的训练技巧`,
        content: tweet ? `${longTweet}\n第 ${i} 条` : `问题 ${i}\n\n\`\`\`python\nprint("hi")\n\`\`\``,
        hideContent: '只有评论后才能看到的秘密',
        createTime: i * 60_000,
        lastCommentTime: i * 60_000,
      });
      shown.push(topic._id);
    }
    await buildTopic({ userId: bob._id, nodeId, title: '已删除话题', status: 1, createTime: 10 ** 9 });
  });

  it('lists the newest 20 shown topics and tweets, newest first', async () => {
    const { root, headers, xml } = await fetchXml('/topic_atom.xml');
    expect(headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    expect(textOf(child(root, 'title'))).toBe(`${DefaultSiteConfig.siteTitle} - 话题`);
    expect(entryIdsOf(root, 'topic')).toEqual([...shown].reverse().slice(0, 20));
    expect(xml).not.toContain('已删除话题');
    expect(xml).not.toContain('只有评论后才能看到的秘密');
    for (const secret of ['alice.secret', 'bob.hidden', '@mail.example', 'alice-avatar']) {
      expect(xml).not.toContain(secret);
    }
  });

  it('titles a tweet with the first 50 characters of its text and links every entry to its page', async () => {
    const { root } = await fetchXml('/topic_atom.xml');
    const byId = new Map(entriesOf(root).map((entry) => [textOf(child(entry, 'id')), entry]));
    const tweet = byId.get(`${BASE}/topic/${shown[20]}`)!;
    expect(plainTextOf(child(tweet, 'title'), 'tweet title')).toBe(
      Array.from(longTweet).slice(0, 50).join(''),
    );
    expect(attr(child(tweet, 'link'), 'href')).toBe(`${BASE}/topic/${shown[20]}`);
    expect(textOf(child(tweet, 'content'))).toContain('<br>第 21 条');
    const topic = byId.get(`${BASE}/topic/${shown[21]}`)!;
    expect(plainTextOf(child(topic, 'title'), 'topic title')).toBe('话题 22：Conformer 的训练技巧');
    expect(textOf(child(child(topic, 'author')!, 'name'))).toBe('声学老李');
    expect(attr(child(topic, 'category'), 'term')).toBe('语音识别');
    expect(textOf(child(topic, 'content'))).toContain('<pre><code class="hljs language-python">');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the list pages, then shown topics and articles with lastmod', async () => {
    const topic = await buildTopic({ userId: bob._id, nodeId, createTime: 5000, lastCommentTime: 9000 });
    const article = await buildArticle({ userId: bob._id, createTime: 5000, updateTime: 7000 });
    const gone = await buildArticle({ userId: bob._id, status: 1 });
    const { root, headers } = await fetchXml('/sitemap.xml');
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(attr(root, 'xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = childrenNamed(root, 'url').map((url) => [
      textOf(child(url, 'loc')),
      textOf(child(url, 'lastmod')),
    ]);
    const locs = urls.map(([loc]) => loc);
    expect(locs.slice(0, 4)).toEqual([`${BASE}/`, `${BASE}/topics`, `${BASE}/articles`, `${BASE}/tags`]);
    expect(urls).toContainEqual([`${BASE}/topic/${topic._id}`, new Date(9000).toISOString()]);
    expect(urls).toContainEqual([`${BASE}/article/${article._id}`, new Date(7000).toISOString()]);
    expect(locs).not.toContain(`${BASE}/article/${gone._id}`);
    const topicCount = await Topic.countDocuments({ status: 0 });
    const articleCount = await Article.countDocuments({ status: 0 });
    expect(urls).toHaveLength(4 + topicCount + articleCount);
  });
});

describe('GET /robots.txt', () => {
  it('advertises the sitemap at the site address and keeps crawlers out of the API', async () => {
    const response = await fetch(`${t.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /trpc/');
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names the site by its configured title and lists installable icons', async () => {
    const response = await fetch(`${t.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.name).toBe(DefaultSiteConfig.siteTitle);
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});

describe('the XSS corpus in titles and bodies', () => {
  /** Ten payloads per round: each as a topic and a tweet, and as a Markdown and an imported-HTML article. */
  const rounds: string[][] = [];
  for (let i = 0; i < xssCorpus.length; i += 10) {
    rounds.push(xssCorpus.slice(i, i + 10).map((payload) => stripNul(payload.input)));
  }

  function assertInert(xml: string, root: Node, where: string): void {
    for (const name of assertWellFormed(xml)) expect(ATOM_ELEMENTS, `${where}: <${name}>`).toContain(name);
    for (const entry of entriesOf(root)) {
      plainTextOf(child(entry, 'title'), `${where} title`);
      plainTextOf(child(entry, 'summary'), `${where} summary`);
      const content = child(entry, 'content');
      expect(DomUtils.getChildren(content!).every((c) => DomUtils.isText(c))).toBe(true);
      expect(findXss(textOf(content)!), `${where}: ${textOf(child(entry, 'title'))}`).toEqual([]);
    }
  }

  // The whole XSS corpus in rounds of ten, four posts a payload: about 2,500 posts, 20 s on a quiet machine.
  it('stays text in titles and summaries and inert in the HTML content', { timeout: 120_000 }, async () => {
    for (const [round, payloads] of rounds.entries()) {
      const topics = [];
      const articles = [];
      for (const payload of payloads) {
        topics.push(await buildTopic({ userId: alice._id, nodeId, title: payload, content: payload }));
        topics.push(await buildTopic({ userId: alice._id, nodeId, type: 1, title: '', content: payload }));
        articles.push(await buildArticle({ userId: alice._id, title: payload, content: payload }));
        articles.push(
          await buildArticle({
            userId: alice._id,
            title: payload,
            summary: payload,
            content: payload,
            contentType: 'html',
          }),
        );
      }

      const topicFeed = await fetchXml('/topic_atom.xml');
      assertInert(topicFeed.xml, topicFeed.root, `topics round ${round}`);
      // The last round is short; older entries fill the rest of the feed.
      const topicTitles = entriesOf(topicFeed.root)
        .slice(0, topics.length)
        .map((entry) => textOf(child(entry, 'title')));
      const expectedTopicTitles = [...topics]
        .reverse()
        .map((topic) =>
          withoutNonXml(
            topic.type === 1
              ? Array.from(topic.content.replace(/\s+/g, ' ').trim()).slice(0, 50).join('')
              : topic.title,
          ),
        );
      expect(topicTitles).toEqual(expectedTopicTitles);

      const articleFeed = await fetchXml('/atom.xml');
      assertInert(articleFeed.xml, articleFeed.root, `articles round ${round}`);
      const articleTitles = entriesOf(articleFeed.root)
        .slice(0, articles.length)
        .map((entry) => textOf(child(entry, 'title')));
      expect(articleTitles).toEqual([...articles].reverse().map((article) => withoutNonXml(article.title)));

      // Retire this round so the next one fills the feeds.
      await Topic.updateMany({ _id: { $in: topics.map((topic) => topic._id) } }, { $set: { status: 1 } });
      await Article.updateMany({ _id: { $in: articles.map((a) => a._id) } }, { $set: { status: 1 } });
    }
  });
});
