/**
 * Loads a realistic Chinese speech-research forum for demos and local development: people, nodes,
 * tags, topics, tweets, articles, comments with replies and quotes, likes, favourites, follows,
 * friend links and projects, spread over the past months.
 *
 * Rows are written in bulk straight to the models rather than through the services: the services
 * stamp "now" on everything and rate-limit authors, and a demo needs months of history from two
 * dozen people in seconds. The counters the services keep (topic and comment counts, like counts,
 * fans, last comment) are derived from the same plan, so they equal a recount. Points are what
 * the points jobs would have given (the site's `scoreConfig` per topic and per comment on a topic),
 * written as score-log rows, the truth the read model's totals and the 积分排行 are counted from.
 * No domain events are recorded, so nobody is notified about demo activity (nor of a level).
 */
import { ArticleStatus, Texts } from '@forum/contracts';
import {
  Article,
  Comment,
  insertWithFreshId,
  reserveIds,
  isDuplicateKeyError,
  Favorite,
  FollowStatus,
  UserFollow,
  UserLike,
  Link,
  TopicNode,
  Project,
  getOrCreateTags,
  Topic,
  TopicCommenter,
  TopicWatch,
  watchId,
  User,
  UserScoreLog,
  configuredPoints,
  hashPassword,
} from '@forum/core';
import { DemoMarker } from './model';
import { demoLinks, demoNodes, demoPeople, demoProjects, demoTags } from './phrases';
import { DAY, planDemoForum, type CommentTarget, type DemoPlan, type LikeTarget } from './plan';

/** Every demo account signs in with this password; the CLI prints it. */
export const DEMO_PASSWORD = 'demo123456';
/** The same seed plans the same forum every time. */
const DEMO_SEED = 20_240_501;
const MARKER_ID = 'speech-forum';

export interface DemoCounts {
  users: number;
  nodes: number;
  tags: number;
  topics: number;
  tweets: number;
  articles: number;
  comments: number;
  replies: number;
  likes: number;
  favorites: number;
  follows: number;
  links: number;
  projects: number;
}

export interface DemoLoadResult {
  /** False when this database already had the demo forum; then nothing was written. */
  created: boolean;
  counts: DemoCounts;
  password: string;
  usernames: string[];
}

/** The demo e-mail of a demo account (example.com never receives mail). */
export function demoEmail(username: string): string {
  return `${username}@example.com`;
}

/**
 * Loads the demo forum once per database. A second call, or a call racing the first, writes
 * nothing. `now` anchors the timeline (tests pin it).
 */
export async function loadDemoData(options: { now?: number } = {}): Promise<DemoLoadResult> {
  const now = options.now ?? Date.now();
  const usernames = demoPeople.map((person) => person.username);
  let previous: { state: string; counts?: DemoCounts } | null;
  try {
    previous = await DemoMarker.findOneAndUpdate(
      { _id: MARKER_ID },
      { $setOnInsert: { state: 'loading', startTime: now } },
      { upsert: true, returnDocument: 'before' },
    ).lean<{ state: string; counts?: DemoCounts }>();
  } catch (error) {
    // Another process inserted the marker at the same moment: it is loading.
    if (!isDuplicateKeyError(error)) throw error;
    previous = { state: 'loading' };
  }
  if (previous) {
    if (previous.state === 'done' && previous.counts) {
      return { created: false, counts: previous.counts, password: DEMO_PASSWORD, usernames };
    }
    throw new Error(
      '演示数据正在导入，或上次导入意外中断：请等待其完成，或换一个空数据库（例如删除 .data/ferretdb）后重试。',
    );
  }

  const undo: (() => Promise<unknown>)[] = [];
  try {
    const counts = await writeDemoForum(planDemoForum(now, DEMO_SEED), undo);
    await DemoMarker.updateOne(
      { _id: MARKER_ID },
      { $set: { state: 'done', finishTime: Date.now(), counts } },
    );
    return { created: true, counts, password: DEMO_PASSWORD, usernames };
  } catch (error) {
    // Take back what this run inserted, so a fixed second run starts clean. Nodes, tags, links
    // and projects stay: they are found by name next time.
    for (const step of undo.reverse()) await step().catch(() => undefined);
    await DemoMarker.deleteOne({ _id: MARKER_ID }).catch(() => undefined);
    throw error;
  }
}

const tally = (size: number) => new Array<number>(size).fill(0);

async function writeDemoForum(plan: DemoPlan, undo: (() => Promise<unknown>)[]): Promise<DemoCounts> {
  const taken = await User.find(
    { usernameLower: { $in: demoPeople.map((person) => person.username.toLowerCase()) } },
    { username: 1 },
  ).lean();
  if (taken.length) {
    throw new Error(`演示用户名已被占用：${taken.map((user) => user.username).join('、')}，请使用空数据库。`);
  }

  const nodeIds = await ensureNodes();
  const tags = await getOrCreateTags([...demoTags]);
  const tagId = new Map(tags.map((tag) => [tag.name, tag._id]));
  const tagIdsOf = (names: string[]) => names.flatMap((name) => tagId.get(name) ?? []);

  const userBase = await reserveIds('user', plan.users.length);
  const topicBase = await reserveIds('topic', plan.topics.length);
  const articleBase = await reserveIds('article', plan.articles.length);
  const commentBase = await reserveIds('comment', plan.comments.length);
  const likeBase = await reserveIds('user_like', plan.likes.length);
  const favoriteBase = await reserveIds('favorite', plan.favorites.length);
  const followBase = await reserveIds('user_follow', plan.follows.length);
  const userId = (index: number) => userBase + index;
  const commentIndex = new Map(plan.comments.map((comment, index) => [comment, index]));
  const commentId = (comment: (typeof plan.comments)[number]) => commentBase + commentIndex.get(comment)!;
  const entityOf = (target: CommentTarget | LikeTarget) => {
    const base = { topic: topicBase, article: articleBase, comment: commentBase }[target.kind];
    return { entityType: target.kind, entityId: base + target.index };
  };
  const inRange = (base: number, count: number) => ({ _id: { $gte: base, $lt: base + count } });

  // Every counter a service would have raised, from the same rows that are inserted below.
  const topicComments = tally(plan.topics.length);
  const topicLast = plan.topics.map((topic) => ({ time: topic.createTime, userIndex: -1 }));
  const articleComments = tally(plan.articles.length);
  const replies = tally(plan.comments.length);
  const userTopics = tally(plan.users.length);
  const userComments = tally(plan.users.length);
  const fans = tally(plan.users.length);
  const following = tally(plan.users.length);
  const likeCounts = {
    topic: tally(plan.topics.length),
    article: tally(plan.articles.length),
    comment: tally(plan.comments.length),
  };
  const commenters = new Map<string, { topicId: number; userId: number; createTime: number }>();
  for (const topic of plan.topics) userTopics[topic.authorIndex]!++;
  for (const comment of plan.comments) {
    userComments[comment.authorIndex]!++;
    if (comment.parent) {
      replies[commentIndex.get(comment.parent)!]!++;
    } else if (comment.target?.kind === 'topic') {
      const index = comment.target.index;
      topicComments[index]!++;
      topicLast[index] = { time: comment.createTime, userIndex: comment.authorIndex };
      const key = `${topicBase + index}:${userId(comment.authorIndex)}`;
      if (!commenters.has(key)) {
        commenters.set(key, {
          topicId: topicBase + index,
          userId: userId(comment.authorIndex),
          createTime: comment.createTime,
        });
      }
    } else if (comment.target?.kind === 'article') {
      articleComments[comment.target.index]!++;
    }
  }
  for (const like of plan.likes) likeCounts[like.target.kind][like.target.index]!++;
  const followPairs = new Set(plan.follows.map((follow) => `${follow.userIndex}:${follow.otherIndex}`));
  for (const follow of plan.follows) {
    following[follow.userIndex]!++;
    fans[follow.otherIndex]!++;
  }

  // The points the topic and comment jobs give, one score-log row per topic and per comment on a
  // topic (replies and comments on articles earn nothing), keyed as those jobs key them.
  const [topicPoints, commentPoints] = await Promise.all([
    configuredPoints('postTopicScore'),
    configuredPoints('postCommentScore'),
  ]);
  const scoreRows = [
    ...(topicPoints > 0
      ? plan.topics.map((topic, index) => ({
          sourceType: 'topic',
          sourceId: topicBase + index,
          userIndex: topic.authorIndex,
          score: topicPoints,
          description: Texts.points.topicPosted,
          createTime: topic.createTime,
        }))
      : []),
    ...(commentPoints > 0
      ? plan.comments.flatMap((comment) =>
          !comment.parent && comment.target?.kind === 'topic'
            ? [
                {
                  sourceType: 'comment',
                  sourceId: commentId(comment),
                  userIndex: comment.authorIndex,
                  score: commentPoints,
                  description: Texts.points.commentPosted,
                  createTime: comment.createTime,
                },
              ]
            : [],
        )
      : []),
  ].sort((a, b) => a.createTime - b.createTime);
  const userScores = tally(plan.users.length);
  for (const row of scoreRows) userScores[row.userIndex]! += row.score;

  // Hashing is deliberately slow; every demo account shares the one known password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  undo.push(() => User.deleteMany(inRange(userBase, plan.users.length)));
  await User.insertMany(
    plan.users.map((user) => {
      const person = demoPeople[user.index]!;
      return {
        _id: userId(user.index),
        username: person.username,
        usernameLower: person.username.toLowerCase(),
        email: demoEmail(person.username),
        emailLower: demoEmail(person.username).toLowerCase(),
        emailVerified: true,
        nickname: person.nickname,
        description: person.description,
        homePage: person.homePage,
        passwordHash,
        roles: [],
        topicCount: userTopics[user.index],
        commentCount: userComments[user.index],
        fansCount: fans[user.index],
        followCount: following[user.index],
        score: userScores[user.index],
        createTime: user.createTime,
        updateTime: user.createTime,
      };
    }),
  );

  undo.push(() => Topic.deleteMany(inRange(topicBase, plan.topics.length)));
  await Topic.insertMany(
    plan.topics.map((topic, index) => ({
      _id: topicBase + index,
      type: topic.type,
      nodeId: nodeIds[topic.nodeIndex],
      userId: userId(topic.authorIndex),
      title: topic.title,
      content: topic.content,
      tagIds: tagIdsOf(topic.tagNames),
      status: 0,
      recommend: topic.recommend,
      recommendTime: topic.recommend ? topic.createTime + DAY : 0,
      sticky: topic.sticky,
      stickyTime: topic.sticky ? topic.createTime : 0,
      viewCount: topic.viewCount,
      commentCount: topicComments[index],
      likeCount: likeCounts.topic[index],
      lastCommentTime: topicLast[index]!.time,
      lastCommentUserId: topicLast[index]!.userIndex >= 0 ? userId(topicLast[index]!.userIndex) : 0,
      createTime: topic.createTime,
    })),
  );

  undo.push(() => Article.deleteMany(inRange(articleBase, plan.articles.length)));
  await Article.insertMany(
    plan.articles.map((article, index) => ({
      _id: articleBase + index,
      userId: userId(article.authorIndex),
      title: article.title,
      summary: article.summary,
      content: article.content,
      contentType: 'markdown',
      tagIds: tagIdsOf(article.tagNames),
      status: ArticleStatus.Ok,
      viewCount: article.viewCount,
      commentCount: articleComments[index],
      likeCount: likeCounts.article[index],
      createTime: article.createTime,
      updateTime: article.updateTime,
    })),
  );

  undo.push(() => Comment.deleteMany(inRange(commentBase, plan.comments.length)));
  await Comment.insertMany(
    plan.comments.map((comment, index) => ({
      _id: commentBase + index,
      userId: userId(comment.authorIndex),
      ...(comment.parent
        ? { entityType: 'comment', entityId: commentId(comment.parent) }
        : entityOf(comment.target!)),
      content: comment.content,
      contentType: comment.contentType,
      quoteId: comment.quote ? commentId(comment.quote) : 0,
      likeCount: likeCounts.comment[index],
      commentCount: replies[index],
      status: 0,
      createTime: comment.createTime,
    })),
  );

  undo.push(() =>
    TopicCommenter.deleteMany({ topicId: { $gte: topicBase, $lt: topicBase + plan.topics.length } }),
  );
  await TopicCommenter.insertMany([...commenters].map(([key, row]) => ({ _id: key, ...row })));

  // Authors and commenters watch their topics (关注此话题), as posting and commenting do on the site.
  const watches = new Map<
    string,
    { topicId: number; userId: number; createTime: number; reason: 'posted' | 'replied' }
  >();
  plan.topics.forEach((topic, index) => {
    const row = {
      topicId: topicBase + index,
      userId: userId(topic.authorIndex),
      createTime: topic.createTime,
    };
    watches.set(watchId(row.topicId, row.userId), { ...row, reason: 'posted' });
  });
  for (const row of commenters.values()) {
    const id = watchId(row.topicId, row.userId);
    if (!watches.has(id)) watches.set(id, { ...row, reason: 'replied' });
  }
  undo.push(() =>
    TopicWatch.deleteMany({ topicId: { $gte: topicBase, $lt: topicBase + plan.topics.length } }),
  );
  await TopicWatch.insertMany(
    [...watches].map(([_id, row]) => ({ _id, ...row, watching: true, updateTime: row.createTime })),
  );

  undo.push(() => UserLike.deleteMany(inRange(likeBase, plan.likes.length)));
  await UserLike.insertMany(
    plan.likes.map((like, index) => ({
      _id: likeBase + index,
      userId: userId(like.userIndex),
      ...entityOf(like.target),
      createTime: like.createTime,
    })),
  );

  undo.push(() => Favorite.deleteMany(inRange(favoriteBase, plan.favorites.length)));
  await Favorite.insertMany(
    plan.favorites.map((favorite, index) => ({
      _id: favoriteBase + index,
      userId: userId(favorite.userIndex),
      ...entityOf(favorite.target),
      createTime: favorite.createTime,
    })),
  );

  undo.push(() => UserFollow.deleteMany(inRange(followBase, plan.follows.length)));
  await UserFollow.insertMany(
    plan.follows.map((follow, index) => ({
      _id: followBase + index,
      userId: userId(follow.userIndex),
      otherId: userId(follow.otherIndex),
      status: followPairs.has(`${follow.otherIndex}:${follow.userIndex}`)
        ? FollowStatus.Mutual
        : FollowStatus.Following,
      createTime: follow.createTime,
    })),
  );

  if (scoreRows.length) {
    const scoreLogBase = await reserveIds('user_score_log', scoreRows.length);
    undo.push(() => UserScoreLog.deleteMany(inRange(scoreLogBase, scoreRows.length)));
    await UserScoreLog.insertMany(
      scoreRows.map((row, index) => ({
        _id: scoreLogBase + index,
        key: `${row.sourceType}:${row.sourceId}`,
        userId: userId(row.userIndex),
        sourceType: row.sourceType,
        sourceId: String(row.sourceId),
        description: row.description,
        type: 0,
        score: row.score,
        createTime: row.createTime,
      })),
    );
  }

  const lab = demoPeople.findIndex((person) => person.username === 'wanglab_sjtu');
  const links = await ensureLinks(plan.users[0]!.createTime);
  const projects = await ensureProjects(userId(lab), plan.users[lab]!.createTime);

  return {
    users: plan.users.length,
    nodes: nodeIds.length,
    tags: tags.length,
    topics: plan.topics.filter((topic) => topic.type === 0).length,
    tweets: plan.topics.filter((topic) => topic.type === 1).length,
    articles: plan.articles.length,
    comments: plan.comments.length,
    replies: plan.comments.filter((comment) => comment.parent).length,
    likes: plan.likes.length,
    favorites: plan.favorites.length,
    follows: plan.follows.length,
    links,
    projects,
  };
}

/** The demo's nodes by name, created when missing; returns their ids in `demoNodes` order. */
async function ensureNodes(): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, node] of demoNodes.entries()) {
    const existing = await TopicNode.findOne({ name: node.name }, { _id: 1 }).lean();
    if (existing) {
      ids.push(existing._id);
      continue;
    }
    const created = await insertWithFreshId('topic_node', TopicNode, (id) =>
      TopicNode.create({ _id: id, ...node, logo: '', sortNo: index + 1, status: 0, createTime: Date.now() }),
    );
    ids.push(created._id);
  }
  return ids;
}

/** Friend links not yet listed (by address); returns how many there are now. */
async function ensureLinks(createTime: number): Promise<number> {
  for (const link of demoLinks) {
    if (await Link.exists({ url: link.url })) continue;
    await insertWithFreshId('link', Link, (id) =>
      Link.create({ _id: id, ...link, logo: '', status: 0, createTime }),
    );
  }
  return Link.countDocuments({ url: { $in: demoLinks.map((link) => link.url) } });
}

/** Projects not yet listed (by name); returns how many there are now. */
async function ensureProjects(userId: number, createTime: number): Promise<number> {
  for (const [index, project] of demoProjects.entries()) {
    if (await Project.exists({ name: project.name })) continue;
    await insertWithFreshId('project', Project, (id) =>
      Project.create({
        _id: id,
        userId,
        ...project,
        logo: '',
        downloadUrl: '',
        contentType: 'markdown',
        createTime: createTime + (index + 1) * DAY,
      }),
    );
  }
  return Project.countDocuments({ name: { $in: demoProjects.map((project) => project.name) } });
}
