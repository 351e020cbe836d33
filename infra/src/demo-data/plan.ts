/**
 * Plans the demo forum in memory: who wrote what, when, and who commented, liked, favourited and
 * followed whom. Nothing here touches the database; `load-demo-data.ts` turns the plan into rows
 * and derives every counter from it.
 */
import {
  announcements,
  articleParagraphs,
  articleSections,
  articleTemplates,
  commentTemplates,
  demoNodes,
  demoPeople,
  listItems,
  markdownCommentTemplates,
  nodeThemes,
  pythonSnippets,
  referenceLinks,
  replyTemplates,
  shellSnippets,
  slots,
  themedDetails,
  themedParagraphs,
  topicDetails,
  topicOpenings,
  topicQuestions,
  topicTitles,
  tweetTemplates,
  type Theme,
} from './phrases';
import { Random } from './random';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** How far back the demo's activity reaches. */
const SPAN_DAYS = 180;

export interface PlannedUser {
  index: number;
  createTime: number;
}

export interface PlannedTopic {
  authorIndex: number;
  nodeIndex: number;
  type: 0 | 1;
  title: string;
  content: string;
  tagNames: string[];
  createTime: number;
  recommend: boolean;
  sticky: boolean;
  viewCount: number;
}

export interface PlannedArticle {
  authorIndex: number;
  title: string;
  summary: string;
  content: string;
  tagNames: string[];
  createTime: number;
  updateTime: number;
  viewCount: number;
}

export type CommentTarget = { kind: 'topic'; index: number } | { kind: 'article'; index: number };

export interface PlannedComment {
  authorIndex: number;
  content: string;
  contentType: 'text' | 'markdown';
  createTime: number;
  /** Top-level comments: what they are on. */
  target?: CommentTarget;
  /** Replies: the top-level comment of the thread, and the reply answered, if any. */
  parent?: PlannedComment;
  quote?: PlannedComment;
}

export type LikeTarget = CommentTarget | { kind: 'comment'; index: number };

export interface PlannedLike {
  userIndex: number;
  target: LikeTarget;
  createTime: number;
}

export interface PlannedFavorite {
  userIndex: number;
  target: CommentTarget;
  createTime: number;
}

export interface PlannedFollow {
  userIndex: number;
  otherIndex: number;
  createTime: number;
}

export interface DemoPlan {
  users: PlannedUser[];
  topics: PlannedTopic[];
  articles: PlannedArticle[];
  /** Ordered by time, so ids given in this order grow with time and parents come first. */
  comments: PlannedComment[];
  likes: PlannedLike[];
  favorites: PlannedFavorite[];
  follows: PlannedFollow[];
}

/** Fills `{slot}` placeholders; `{n}` is a digit, `{pct}` an error rate, code slots whole snippets. */
function fill(template: string, random: Random): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    switch (name) {
      case 'n':
        return String(random.int(1, 9));
      case 'pct':
        return `${random.int(2, 14)}.${random.int(0, 9)}%`;
      case 'ms':
        return String(random.int(40, 900));
      case 'python':
        return random.pick(pythonSnippets);
      case 'shell':
        return random.pick(shellSnippets);
      case 'item':
        return random.pick(listItems);
      case 'link':
        return random.pick(referenceLinks);
      case 'quoteLine':
        return fill(random.pick(topicDetails), random);
      default: {
        const values = slots[name];
        return values ? random.pick(values) : whole;
      }
    }
  });
}

/** A results table in the metrics of the theme (recognition: CER; synthesis: MOS; ...). */
function resultTable(random: Random, theme: Theme): string {
  const digit = () => random.int(0, 9);
  const table = (header: string[], rows: string[][]) =>
    [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i ? '---:' : '---')).join(' | ')} |`]
      .concat(rows.map((row) => `| ${row.join(' | ')} |`))
      .join('\n');
  const models = (list: string) => random.sample(slots[list]!, random.int(2, 4));
  switch (theme) {
    case 'tts':
      return table(
        ['模型', 'MOS', 'RTF'],
        models('ttsModel').map((m) => [
          m,
          `${random.int(3, 4)}.${digit()}${digit()}`,
          `0.0${random.int(1, 9)}`,
        ]),
      );
    case 'spk':
      return table(
        ['模型', 'EER', 'minDCF'],
        models('spkModel').map((m) => [
          m,
          `${random.int(0, 2)}.${digit()}${digit()}%`,
          `0.${random.int(1, 3)}${digit()}`,
        ]),
      );
    case 'se':
      return table(
        ['模型', 'PESQ', 'STOI', '参数量'],
        models('seModel').map((m) => [
          m,
          `${random.int(2, 3)}.${digit()}${digit()}`,
          `0.9${digit()}`,
          `${random.int(1, 9)}.${digit()}M`,
        ]),
      );
    default:
      return table(
        ['模型', '测试集', 'CER', 'RTF'],
        models('asrModel').map((m) => [
          m,
          random.pick(slots.asrData!),
          `${random.int(3, 12)}.${digit()}%`,
          `0.0${random.int(1, 9)}`,
        ]),
      );
  }
}

function codeBlock(random: Random): string {
  return random.chance(0.6)
    ? `\`\`\`python\n${random.pick(pythonSnippets)}\n\`\`\``
    : `\`\`\`bash\n${random.pick(shellSnippets)}\n\`\`\``;
}

function bulletList(random: Random, ordered: boolean): string {
  return random
    .sample(listItems, random.int(3, 5))
    .map((item, i) => (ordered ? `${i + 1}. ${item}` : `- ${item}`))
    .join('\n');
}

function topicBody(random: Random, theme: Theme): string {
  const details = theme === 'asr' ? topicDetails : themedDetails[theme];
  const blocks = [fill(random.pick(topicOpenings), random)];
  for (const detail of random.sample(details, random.int(1, 2))) blocks.push(fill(detail, random));
  if (theme !== 'career' && random.chance(0.55)) blocks.push(codeBlock(random));
  if (theme !== 'career' && random.chance(0.2)) blocks.push(resultTable(random, theme));
  if (theme !== 'career' && random.chance(0.25))
    blocks.push(`我目前的排查步骤：\n\n${bulletList(random, true)}`);
  if (random.chance(0.35)) blocks.push(`参考：${random.pick(referenceLinks)}`);
  blocks.push(random.pick(topicQuestions));
  return blocks.join('\n\n');
}

function articleBody(random: Random, theme: Theme): { summary: string; content: string } {
  const paragraphs = [
    ...(theme === 'asr' ? articleParagraphs : themedParagraphs[theme]),
    ...themedParagraphs.general,
  ];
  const intro = fill(random.pick(paragraphs), random);
  const sections = articleSections.filter((name, i) => i === 0 || name === '总结' || random.chance(0.55));
  const parts = [intro];
  for (const name of sections) {
    parts.push(`## ${name}`);
    if (name === '参考资料') {
      parts.push(
        random
          .sample(referenceLinks, 3)
          .map((link) => `- ${link}`)
          .join('\n'),
      );
      continue;
    }
    for (const paragraph of random.sample(paragraphs, random.int(1, 2))) parts.push(fill(paragraph, random));
    if (random.chance(0.35)) parts.push(codeBlock(random));
    if (name === '实验结果' || random.chance(0.1)) parts.push(resultTable(random, theme));
    if (random.chance(0.2)) parts.push(bulletList(random, false));
  }
  return { summary: random.chance(0.5) ? intro : '', content: parts.join('\n\n') };
}

/** A title not used before; templates repeat, so a numbered part is added when needed. */
function uniqueTitle(make: () => string, used: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const title = make();
    if (!used.has(title)) {
      used.add(title);
      return title;
    }
  }
  const base = make();
  let part = 2;
  while (used.has(`${base}（${part}）`)) part++;
  used.add(`${base}（${part}）`);
  return `${base}（${part}）`;
}

/** A time in (after, before), skewed towards `after` so discussion follows the post. */
function after(random: Random, start: number, end: number, within: number): number {
  const span = Math.max(MINUTE, Math.min(end - start, within));
  return Math.min(end - MINUTE, start + MINUTE + Math.floor(random.next() ** 2 * span));
}

const TOPIC_COUNT = 175;
const TWEET_COUNT = 70;
const ARTICLE_COUNT = 36;

export function planDemoForum(now: number, seed: number): DemoPlan {
  const random = new Random(seed);
  const start = now - SPAN_DAYS * DAY;
  const end = now - HOUR;
  const userCount = demoPeople.length;
  // Everyone joined before the activity starts, a day or two apart.
  const users = demoPeople.map((_, index) => ({ index, createTime: start - (userCount - index + 5) * DAY }));
  const anyone = users.map((user) => user.index);
  const others = (index: number) => anyone.filter((other) => other !== index);

  const usedTitles = new Set<string>();
  const topics: PlannedTopic[] = [];
  for (let i = 0; i < TOPIC_COUNT + TWEET_COUNT; i++) {
    const tweet = i >= TOPIC_COUNT;
    const nodeIndex = random.int(0, demoNodes.length - 1);
    const node = demoNodes[nodeIndex]!;
    const createTime = random.int(start, end);
    topics.push({
      authorIndex: random.pick(anyone),
      nodeIndex,
      type: tweet ? 1 : 0,
      title: tweet
        ? ''
        : uniqueTitle(() => fill(random.pick(topicTitles[node.name] ?? []), random), usedTitles),
      content: tweet
        ? fill(random.pick(tweetTemplates), random)
        : topicBody(random, nodeThemes[node.name] ?? 'asr'),
      tagNames: !tweet && random.chance(0.4) ? topicTagsFor(node.name, random) : [],
      createTime,
      recommend: !tweet && random.chance(0.08),
      sticky: false,
      viewCount: 0,
    });
  }
  // The lab account's two pinned posts: the posting guide from the start, the call for students recent.
  const lab = demoPeople.findIndex((person) => person.username === 'wanglab_sjtu');
  const exchange = demoNodes.findIndex((node) => node.name === '求职与交流');
  announcements.forEach((announcement, i) => {
    topics.push({
      authorIndex: lab,
      nodeIndex: exchange,
      type: 0,
      title: announcement.title,
      content: announcement.content,
      tagNames: [],
      createTime: i === 0 ? start + DAY : end - 20 * DAY,
      recommend: true,
      sticky: true,
      viewCount: 0,
    });
  });
  topics.sort((a, b) => a.createTime - b.createTime);

  const articles: PlannedArticle[] = [];
  for (let i = 0; i < ARTICLE_COUNT; i++) {
    const template = articleTemplates[i % articleTemplates.length]!;
    const createTime = random.int(start, end);
    const body = articleBody(random, template.theme);
    articles.push({
      authorIndex: random.pick(anyone),
      title: uniqueTitle(() => fill(template.title, random), usedTitles),
      summary: body.summary,
      content: body.content,
      tagNames: template.tags,
      createTime,
      updateTime: random.chance(0.3) ? after(random, createTime, end, 10 * DAY) : createTime,
      viewCount: random.int(80, 3000),
    });
  }
  articles.sort((a, b) => a.createTime - b.createTime);

  const comments: PlannedComment[] = [];
  const thread = (target: CommentTarget, postTime: number, authorIndex: number, count: number) => {
    let time = postTime;
    const roots: PlannedComment[] = [];
    for (let c = 0; c < count; c++) {
      time = after(random, time, end, 2 * DAY);
      const replyTo = roots.length && random.chance(0.3) ? random.pick(roots) : undefined;
      const commenter = random.pick(replyTo ? others(replyTo.authorIndex) : others(authorIndex));
      if (replyTo) {
        const replies = comments.filter((comment) => comment.parent === replyTo);
        const quote = replies.length && random.chance(0.4) ? random.pick(replies) : undefined;
        const replyTime = Math.max(time, (quote ?? replyTo).createTime + MINUTE);
        if (replyTime >= end) continue;
        comments.push({
          authorIndex: commenter,
          content: fill(random.pick(replyTemplates), random),
          contentType: 'text',
          createTime: replyTime,
          parent: replyTo,
          ...(quote ? { quote } : {}),
        });
        continue;
      }
      const markdown = random.chance(0.15);
      const root: PlannedComment = {
        authorIndex: commenter,
        content: fill(random.pick(markdown ? markdownCommentTemplates : commentTemplates), random),
        contentType: markdown ? 'markdown' : 'text',
        createTime: time,
        target,
      };
      roots.push(root);
      comments.push(root);
    }
  };
  topics.forEach((topic, index) => {
    const count = topic.type === 1 ? random.int(0, 4) : Math.floor(random.next() ** 1.5 * 14);
    thread({ kind: 'topic', index }, topic.createTime, topic.authorIndex, count);
  });
  articles.forEach((article, index) => {
    thread({ kind: 'article', index }, article.createTime, article.authorIndex, random.int(2, 12));
  });
  comments.sort((a, b) => a.createTime - b.createTime);

  for (const topic of topics) {
    const discussion = comments.filter((c) => c.target?.kind === 'topic' && topics[c.target.index] === topic);
    topic.viewCount = 20 + discussion.length * random.int(8, 25) + random.int(0, 400);
  }

  const likes: PlannedLike[] = [];
  const like = (target: LikeTarget, authorIndex: number, postTime: number, count: number) => {
    for (const userIndex of random.sample(others(authorIndex), count)) {
      likes.push({ userIndex, target, createTime: after(random, postTime, end, 20 * DAY) });
    }
  };
  topics.forEach((topic, index) =>
    like({ kind: 'topic', index }, topic.authorIndex, topic.createTime, Math.floor(random.next() ** 2 * 12)),
  );
  articles.forEach((article, index) =>
    like({ kind: 'article', index }, article.authorIndex, article.createTime, random.int(1, 14)),
  );
  comments.forEach((comment, index) => {
    if (random.chance(0.3))
      like({ kind: 'comment', index }, comment.authorIndex, comment.createTime, random.int(1, 4));
  });

  const favorites: PlannedFavorite[] = [];
  for (const user of users) {
    const topicChoices = topics.flatMap((topic, index) => (topic.authorIndex === user.index ? [] : [index]));
    const articleChoices = articles.flatMap((article, index) =>
      article.authorIndex === user.index ? [] : [index],
    );
    for (const index of random.sample(topicChoices, random.int(2, 8))) {
      favorites.push({
        userIndex: user.index,
        target: { kind: 'topic', index },
        createTime: after(random, topics[index]!.createTime, end, 30 * DAY),
      });
    }
    for (const index of random.sample(articleChoices, random.int(1, 4))) {
      favorites.push({
        userIndex: user.index,
        target: { kind: 'article', index },
        createTime: after(random, articles[index]!.createTime, end, 30 * DAY),
      });
    }
  }
  favorites.sort((a, b) => a.createTime - b.createTime);

  const follows: PlannedFollow[] = [];
  for (const user of users) {
    for (const otherIndex of random.sample(others(user.index), random.int(2, 9))) {
      follows.push({ userIndex: user.index, otherIndex, createTime: random.int(start, end) });
    }
  }
  follows.sort((a, b) => a.createTime - b.createTime);
  likes.sort((a, b) => a.createTime - b.createTime);

  return { users, topics, articles, comments, likes, favorites, follows };
}

/** Tags that fit a node, so "Kaldi" lands on recognition topics rather than on job posts. */
function topicTagsFor(nodeName: string, random: Random): string[] {
  const byNode: Record<string, string[]> = {
    语音识别: [
      'Kaldi',
      'ESPnet',
      'WeNet',
      'Whisper',
      'Conformer',
      '端到端',
      '流式识别',
      'CTC',
      '热词',
      '方言',
    ],
    语音合成: ['TTS', 'VITS', '声码器'],
    声学模型: ['Conformer', '自监督', '数据增强', 'CTC'],
    语言模型: ['热词', 'Kaldi', 'WeNet'],
    说话人识别: ['声纹'],
    语音增强: ['降噪', '部署'],
    数据集与评测: ['数据增强', '方言', 'Whisper'],
    求职与交流: ['部署', '端到端'],
  };
  return random.sample(byNode[nodeName] ?? [], random.int(1, 2));
}
