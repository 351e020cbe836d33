/**
 * Seeds a forum of a given size straight into MongoDB, in batches, shaped as the services write it:
 * users, nodes, tags, topics and tweets (some recommended and pinned), comments spread over the
 * topics plus one topic with exactly 500 comments and replies, likes and follows. Counts live in
 * the read model, which the API rebuilds from these rows when it starts.
 */
import cliProgress from 'cli-progress';
import { Comment, Counter, Tag, Topic, TopicNode, User, UserFollow, UserLike } from '@forum/core';
import type { BenchOptions } from './report';

export interface Seeded {
  userIds: number[];
  topicIds: number[];
  /** The topic with exactly 500 comments. */
  busyTopicId: number;
  /** `lastCommentTime` of the topic about 5,000 places down the activity list (a deep page's cursor). */
  deepCursor: number;
}

/**
 * The `round`-th topic of user `userId` (round-robin over their topics): topic `i + 1` was seeded
 * for user `1 + i mod users`. Assumes the user has a topic (`userId <= topics`).
 */
export function seededTopicOf(userId: number, round: number, users: number, topics: number): number {
  const count = Math.floor((topics - userId) / users) + 1;
  return userId + users * (round % count);
}

export const SENTENCES = [
  '最近在做课堂录音的语音识别，用 Conformer 加 CTC 训练，WER 一直降不下来。',
  '有人试过在 16k 采样率下做流式 RNN-T 吗？延迟和准确率怎么取舍？',
  '分享一下我们在方言 ASR 上的数据增强经验：速度扰动、加噪和 SpecAugment。',
  'TTS 的韵律建模还是个难题，VITS 在长句上偶尔会吞字。',
  '语音唤醒模型量化到 int8 之后，误唤醒率上升了不少。',
  '请教大家：说话人日志（diarization）在多人会议场景下怎么评估比较合理？',
  '声学模型和语言模型联合解码时，热词增强的权重应该怎么调？',
  '我们开源了一个中文语音数据清洗工具，欢迎试用和提意见。',
];

function text(seed: number, sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(SENTENCES[(seed * 7 + i * 3) % SENTENCES.length]!);
  return parts.join('\n\n');
}

async function inBatches<T>(
  bar: cliProgress.SingleBar,
  total: number,
  make: (index: number) => T,
  insert: (docs: T[]) => Promise<unknown>,
): Promise<void> {
  const size = 2000;
  for (let start = 0; start < total; start += size) {
    const docs: T[] = [];
    for (let i = start; i < Math.min(total, start + size); i++) docs.push(make(i));
    await insert(docs);
    bar.increment(docs.length);
  }
}

export async function seedForum(options: BenchOptions): Promise<Seeded> {
  const { topics, comments, users } = options;
  const now = Date.now();
  const year = 365 * 86_400_000;
  const bars = new cliProgress.MultiBar(
    {
      format: ' seeding {name} |{bar}| {value}/{total}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const bar = (name: string, total: number) => bars.create(total, 0, { name: name.padEnd(8) });
  const insert =
    (model: { insertMany(docs: unknown[], options: object): Promise<unknown> }) => (docs: unknown[]) =>
      model.insertMany(docs, { ordered: false, lean: true });

  await inBatches(
    bar('users', users),
    users,
    (i) => ({
      _id: i + 1,
      username: `bench${i + 1}`,
      usernameLower: `bench${i + 1}`,
      email: '',
      emailLower: `#${i + 1}`,
      nickname: `测试用户${i + 1}`,
      description: '语音研究者',
      roles: i === 0 ? ['owner'] : [],
      status: 0,
      createTime: now - year,
      updateTime: now - year,
    }),
    insert(User),
  );
  const nodes = 8;
  await inBatches(
    bar('nodes', nodes),
    nodes,
    (i) => ({
      _id: i + 1,
      name: ['语音识别', '语音合成', '声纹识别', '语音增强', '语言模型', '数据集', '求职与交流', '默认节点'][
        i
      ],
      description: '',
      logo: '',
      sortNo: i,
      status: 0,
      createTime: now - year,
    }),
    insert(TopicNode),
  );
  const tags = 50;
  await inBatches(
    bar('tags', tags),
    tags,
    (i) => ({
      _id: i + 1,
      name: `标签${i + 1}`,
      nameLower: `标签${i + 1}`,
      description: '',
      status: 0,
      createTime: now - year,
      updateTime: now - year,
    }),
    insert(Tag),
  );

  // Topic i was created at createTime(i); its comments come after it; the busy topic is topic 1.
  const createTime = (i: number) => now - year + Math.floor((i / topics) * (year - 3_600_000));
  const lastComment = new Map<number, { time: number; userId: number }>();
  const commentTime = (topicId: number, k: number) => createTime(topicId - 1) + (k + 1) * 60_000;
  const busyTopicId = 1;
  const busyComments = Math.min(500, comments);
  const spread = comments - busyComments;
  const commentRows = (i: number) => {
    // The first 500 comments belong to the busy topic; the others are spread over every topic.
    const topicId = i < busyComments ? busyTopicId : 1 + ((i * 7919) % topics);
    const k = i < busyComments ? i : Math.floor(i / topics);
    const userId = 1 + ((i * 31) % users);
    const time = commentTime(topicId, k);
    const last = lastComment.get(topicId);
    if (!last || last.time < time) lastComment.set(topicId, { time, userId });
    return { topicId, userId, time };
  };
  const planned = Array.from({ length: busyComments + spread }, (_, i) => commentRows(i));
  await inBatches(
    bar('topics', topics),
    topics,
    (i) => {
      const id = i + 1;
      const tweet = i % 10 === 9;
      const last = lastComment.get(id);
      return {
        _id: id,
        type: tweet ? 1 : 0,
        nodeId: 1 + (i % nodes),
        userId: 1 + (i % users), // as seededTopicOf reads it
        title: tweet ? '' : `${SENTENCES[i % SENTENCES.length]!.slice(0, 20)}（${id}）`,
        content: tweet
          ? SENTENCES[i % SENTENCES.length]
          : `## 背景\n\n${text(i, 4)}\n\n\`\`\`python\nprint(${id})\n\`\`\``,
        imageList: [],
        hideContent: '',
        tagIds: [1 + (i % tags), 1 + ((i * 3) % tags)].filter((v, k, all) => all.indexOf(v) === k),
        status: 0,
        recommend: i % 50 === 0,
        recommendTime: i % 50 === 0 ? createTime(i) : 0,
        sticky: i < 3,
        stickyTime: i < 3 ? createTime(i) : 0,
        viewCount: i % 97,
        lastCommentTime: last?.time ?? createTime(i),
        lastCommentUserId: last?.userId ?? 0,
        ip: '127.0.0.1',
        userAgent: 'bench',
        createTime: createTime(i),
      };
    },
    insert(Topic),
  );
  const replies = Math.min(50, Math.floor(busyComments / 10));
  await inBatches(
    bar('comments', planned.length + replies),
    planned.length + replies,
    (i) => {
      if (i >= planned.length) {
        // Replies to the busy topic's first comments, so its threads embed replies.
        const parent = 1 + ((i - planned.length) % 10);
        return {
          _id: i + 1,
          userId: 1 + (i % users),
          entityType: 'comment',
          entityId: parent,
          content: '同意，补充一点：数据量也很关键。',
          contentType: 'text',
          imageList: [],
          quoteId: 0,
          status: 0,
          ip: '127.0.0.1',
          userAgent: 'bench',
          createTime: now - 60_000 + i,
        };
      }
      const row = planned[i]!;
      return {
        _id: i + 1,
        userId: row.userId,
        entityType: 'topic',
        entityId: row.topicId,
        content: SENTENCES[i % SENTENCES.length],
        contentType: i % 3 === 0 ? 'markdown' : 'text',
        imageList: [],
        quoteId: 0,
        status: 0,
        ip: '127.0.0.1',
        userAgent: 'bench',
        createTime: row.time,
      };
    },
    insert(Comment),
  );
  // Every user likes a few topics, and the busy topic.
  const likes = users * 10;
  await inBatches(
    bar('likes', likes),
    likes,
    (i) => ({
      _id: i + 1,
      userId: 1 + (i % users),
      entityType: 'topic',
      entityId: Math.floor(i / users) === 0 ? busyTopicId : 1 + ((i * 13 + Math.floor(i / users)) % topics),
      createTime: now - 3_600_000 + i,
    }),
    (docs) => UserLike.insertMany(docs, { ordered: false, lean: true }).catch(() => undefined),
  );
  const follows = users * 5;
  await inBatches(
    bar('follows', follows),
    follows,
    (i) => ({
      _id: i + 1,
      userId: 1 + (i % users),
      otherId: 1 + (((i % users) + 1 + Math.floor(i / users)) % users),
      status: 1,
      createTime: now - 3_600_000 + i,
    }),
    (docs) => UserFollow.insertMany(docs, { ordered: false, lean: true }).catch(() => undefined),
  );
  bars.stop();

  const sequences: [string, number][] = [
    ['user', users],
    ['topic_node', nodes],
    ['tag', tags],
    ['topic', topics],
    ['comment', planned.length + replies],
    ['user_like', likes],
    ['user_follow', follows],
  ];
  for (const [sequence, seq] of sequences) {
    await Counter.updateOne({ _id: sequence }, { $set: { seq } }, { upsert: true });
  }
  const byActivity = [...Array(topics).keys()]
    .map((i) => lastComment.get(i + 1)?.time ?? createTime(i))
    .sort((a, b) => b - a);
  return {
    userIds: Array.from({ length: users }, (_, i) => i + 1),
    topicIds: Array.from({ length: topics }, (_, i) => i + 1),
    busyTopicId,
    deepCursor: byActivity[Math.min(byActivity.length - 1, 5000)]!,
  };
}
