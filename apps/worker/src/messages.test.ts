/**
 * Messages (docs/legacy-api.md §4.5) on the real `notify` queue and worker: every row of the table, every
 * de-duplication rule, one message per event and recipient however often the event runs, and the
 * live pushes that reach sockets of an API process's rooms from the worker (the Redis emitter on one
 * Redis, the sharded adapter on a Redis Cluster). Every test runs on both.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MessageType,
  SocketRoom,
  TopicType,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@forum/contracts';
import {
  addFavorite,
  approveArticle,
  createArticle,
  deleteArticle,
  createLiveClients,
  createTopic,
  deleteTopic,
  getQueue,
  likeEntity,
  liveAdapter,
  listMessages,
  markMessagesRead,
  muteUser,
  recentMessages,
  recordLevelUp,
  saveSiteConfig,
  setTopicRecommend,
  systemContext,
  siteDateTime,
  type CommentDoc,
  type TopicDoc,
} from '@forum/core';
import {
  buildAdmin,
  buildComment,
  buildUser,
  contextFor,
  describeOnEachRedis,
  postTopic,
  useTestServices,
} from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';
import { inbox, settled, messagesOf } from '../test/inbox';

describeOnEachRedis('messages and their live pushes', (target) => {
  const services = useTestServices({ redisUrl: target.url });

  const forum = useWorkerForum(services, ['notify', 'maintenance']);

  describe('messages (docs/legacy-api.md §4.5)', () => {
    it('a comment on a topic tells its author, quoting the title', async () => {
      const [author, commenter] = [await buildUser(), await buildUser()];
      const topic = await postTopic(author, '声学模型的量化');
      const comment = await buildComment({
        author: commenter,
        entityId: topic._id,
        content: '试过 int8 量化吗？',
      });
      const [message] = await messagesOf(author, 1);
      expect(message).toMatchObject({
        from: { id: commenter._id, nickname: commenter.nickname },
        userId: author._id,
        type: MessageType.TopicComment,
        title: '回复了你的话题',
        content: '试过 int8 量化吗？',
        quoteContent: '《声学模型的量化》',
        status: 0,
      });
      expect(JSON.parse(message!.extraData)).toEqual({
        entityType: 'topic',
        entityId: topic._id,
        commentId: comment._id,
        quoteId: 0,
      });
      expect(message!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
    });

    it('a comment on an article is type 6, and a tweet is quoted by its text', async () => {
      const [author, commenter] = [await buildUser(), await buildUser()];
      const article = await createArticle(contextFor(author), {
        title: '说话人识别综述',
        summary: '',
        content: '正文',
      });
      await buildComment({
        author: commenter,
        entityType: 'article',
        entityId: article._id,
        content: '写得很清楚',
      });
      const tweet = await createTopic(contextFor(author), {
        type: TopicType.Tweet,
        nodeId: 0,
        title: '',
        content: '今天开源了数据集',
      });
      await buildComment({ author: commenter, entityId: tweet._id, content: '恭喜' });
      const messages = await messagesOf(author, 2);
      const onArticle = messages.find((message) => message.type === MessageType.ArticleComment);
      expect(onArticle).toMatchObject({ title: '回复了你的文章', quoteContent: '《说话人识别综述》' });
      expect(onArticle!.detailUrl).toMatch(new RegExp(`/article/${article._id}$`));
      expect(messages.find((message) => message.type === MessageType.TopicComment)).toMatchObject({
        quoteContent: '今天开源了数据集',
      });
    });

    it('a reply tells the parent comment’s author and the topic’s author, once each', async () => {
      const [author, first, replier] = [await buildUser(), await buildUser(), await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      const parent = await buildComment({
        author: first,
        entityId: topic._id,
        content: '用的是 Conformer 吗',
      });
      await messagesOf(author, 1);
      const reply = await buildComment({
        author: replier,
        entityType: 'comment',
        entityId: parent._id,
        content: '是 Conformer-CTC',
      });
      const [toParent] = await messagesOf(first, 1);
      expect(toParent).toMatchObject({
        type: MessageType.CommentReply,
        title: '回复了你的评论',
        content: '是 Conformer-CTC',
        quoteContent: '用的是 Conformer 吗',
      });
      expect(JSON.parse(toParent!.extraData)).toMatchObject({
        entityType: 'comment',
        entityId: parent._id,
        commentId: reply._id,
      });
      expect(toParent!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
      const toAuthor = await messagesOf(author, 2);
      expect(toAuthor[0]).toMatchObject({ type: MessageType.TopicComment, content: '是 Conformer-CTC' });
    });

    it('a reply quoting a reply tells the quoted author; nobody gets two messages for one reply', async () => {
      const [author, first, second, third] = [
        await buildUser(),
        await buildUser(),
        await buildUser(),
        await buildUser(),
      ];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      const parent = await buildComment({ author: first, entityId: topic._id, content: '第一层' });
      const answer: CommentDoc = await buildComment({
        author: second,
        entityType: 'comment',
        entityId: parent._id,
        content: '第二层',
      });
      await messagesOf(first, 1);
      await buildComment({
        author: third,
        entityType: 'comment',
        entityId: answer._id,
        content: '回复第二层',
      });
      const [quoted] = await messagesOf(second, 1);
      expect(quoted).toMatchObject({ type: MessageType.CommentReply, quoteContent: '第二层' });
      expect(JSON.parse(quoted!.extraData)).toMatchObject({ entityId: parent._id, quoteId: answer._id });
      expect((await messagesOf(first, 2)).map((message) => message.content)).toEqual([
        '回复第二层',
        '第二层',
      ]);
      // The topic author: the first comment, the second-level reply and this one, each once.
      expect(await messagesOf(author, 3)).toHaveLength(3);
    });

    it('the topic author who also wrote the parent comment gets the reply message only', async () => {
      const [author, replier] = [await buildUser(), await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      const own = await buildComment({ author, entityId: topic._id, content: '我自己的评论' });
      await buildComment({ author: replier, entityType: 'comment', entityId: own._id, content: '回复楼主' });
      const messages = await messagesOf(author, 1);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ type: MessageType.CommentReply, quoteContent: '我自己的评论' });
    });

    it('the parent author who is also the quoted author gets one message', async () => {
      const [author, first, replier] = [await buildUser(), await buildUser(), await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      const parent = await buildComment({ author: first, entityId: topic._id, content: '顶层' });
      const ownReply = await buildComment({
        author: first,
        entityType: 'comment',
        entityId: parent._id,
        content: '补充一句',
      });
      await buildComment({
        author: replier,
        entityType: 'comment',
        entityId: ownReply._id,
        content: '回复补充',
      });
      const messages = await messagesOf(first, 1);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ quoteContent: '补充一句' });
    });

    it('nobody is told about their own comment', async () => {
      const author = await buildUser();
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      await buildComment({ author, entityId: topic._id, content: '自己顶一下' });
      await settled();
      expect(await inbox(author)).toEqual([]);
    });

    it('likes and favourites of a topic tell its author; of an article or a comment, nobody', async () => {
      const [author, fan] = [await buildUser(), await buildUser()];
      const topic = await postTopic(author, '唤醒词检测');
      const article = await createArticle(contextFor(author), {
        title: '一篇文章',
        summary: '',
        content: '正文',
      });
      const comment = await buildComment({ author, entityId: topic._id, content: '楼主的评论' });
      await likeEntity(contextFor(fan), 'topic', topic._id);
      await addFavorite(contextFor(fan), 'topic', topic._id);
      await likeEntity(contextFor(fan), 'article', article._id);
      await addFavorite(contextFor(fan), 'article', article._id);
      await likeEntity(contextFor(fan), 'comment', comment._id);
      const messages = await messagesOf(author, 2);
      expect(messages).toHaveLength(2);
      const like = messages.find((message) => message.type === MessageType.TopicLike);
      const favorite = messages.find((message) => message.type === MessageType.TopicFavorite);
      expect(like).toMatchObject({ title: '点赞了你的话题', content: '', quoteContent: '《唤醒词检测》' });
      expect(JSON.parse(like!.extraData)).toEqual({ topicId: topic._id, likeUserId: fan._id });
      expect(favorite).toMatchObject({ title: '收藏了你的话题' });
      expect(JSON.parse(favorite!.extraData)).toEqual({ topicId: topic._id, favoriteUserId: fan._id });
    });

    it('a recommendation and a deletion by a moderator come from the system; the author’s own deletion tells nobody', async () => {
      const [author, admin] = [await buildUser(), await buildAdmin()];
      const topic = await postTopic(author, '被推荐的话题');
      await setTopicRecommend(contextFor(admin), topic._id, true);
      const [recommended] = await messagesOf(author, 1);
      expect(recommended).toMatchObject({
        from: { id: 0, nickname: '系统通知' },
        type: MessageType.TopicRecommend,
        title: '你的话题被设为推荐',
        quoteContent: '《被推荐的话题》',
      });
      await deleteTopic(contextFor(admin), topic._id);
      const [deleted] = await messagesOf(author, 2);
      expect(deleted).toMatchObject({ type: MessageType.TopicDelete, title: '你的话题被删除' });
      expect(JSON.parse(deleted!.extraData)).toEqual({ topicId: topic._id, deleteUserId: admin._id });

      const own: TopicDoc = await postTopic(author, '自己删除');
      await deleteTopic(contextFor(author), own._id);
      await settled();
      expect(await inbox(author)).toHaveLength(2);
    });

    it('an event dispatched again tells nobody twice', async () => {
      const [author, commenter] = [await buildUser(), await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      await buildComment({ author: commenter, entityId: topic._id, content: '只通知一次' });
      await messagesOf(author, 1);
      // The same event handled again, as after a crash before its run was recorded.
      const job = (await getQueue('notify').getJobs(['completed'])).find(
        (candidate) => candidate.name === 'notify-comment' && candidate.data.payload.userId === commenter._id,
      );
      await forum.redis.del(`${services.prefix}rm:{rm}:messages:ids`);
      await getQueue('notify').add('notify-comment', job!.data, { jobId: `${job!.id}-again` });
      await settled();
      expect(await inbox(author)).toHaveLength(1);
    });

    it('reaching a level is told by the system with its title', async () => {
      const reader = await buildUser();
      await recordLevelUp(reader._id, 0, 10);
      const [message] = await messagesOf(reader, 1);
      expect(message).toMatchObject({
        from: { id: 0, nickname: '系统通知' },
        type: MessageType.LevelUp,
        title: '恭喜你升级到 Lv.2 入门',
      });
      expect(message!.detailUrl).toMatch(/\/user\/scores$/);
    });

    it('a mute and its lifting are told by the system: until when, and why', async () => {
      const [admin, reader] = [await buildAdmin(), await buildUser()];
      const result = await muteUser(contextFor(admin), { userId: reader._id, days: 7, reason: '发布广告' });
      const [muted] = await messagesOf(reader, 1);
      const until = siteDateTime(result.forbiddenEndTime, 'Asia/Shanghai');
      expect(muted).toMatchObject({
        from: { id: 0, nickname: '系统通知' },
        type: MessageType.MuteChanged,
        title: `你已被禁言至 ${until}，期间不能发帖、评论。原因：发布广告`,
      });
      await muteUser(contextFor(admin), { userId: reader._id, days: 0, reason: '' });
      const [lifted] = await messagesOf(reader, 2);
      expect(lifted).toMatchObject({
        type: MessageType.MuteChanged,
        title: '你的禁言已解除，可以正常发帖、评论了',
      });
    });

    it('msgrecent counts the unread and shows the three newest; reading marks them read', async () => {
      const [author] = [await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      for (let i = 0; i < 4; i++) await buildComment({ entityId: topic._id, content: `评论${i}` });
      await messagesOf(author, 4);
      const recent = await recentMessages(author);
      expect(recent.count).toBe(4);
      expect(recent.messages!.map((message) => message.content)).toEqual(['评论3', '评论2', '评论1']);
      const page = await listMessages(author, 1, { markRead: true });
      expect(page.results.every((message) => message.status === 0)).toBe(true);
      expect(await recentMessages(author)).toEqual({ count: 0, messages: null });
      expect((await listMessages(author, 1)).results.every((message) => message.status === 1)).toBe(true);
      expect(await recentMessages(null)).toEqual({ count: 0, messages: null });
    });

    it('marking read up to a message leaves the newer ones unread', async () => {
      const author = await buildUser();
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      for (let i = 0; i < 3; i++) await buildComment({ entityId: topic._id, content: `第${i}条` });
      const messages = await messagesOf(author, 3);
      expect(await markMessagesRead(contextFor(author), messages[1]!.messageId)).toBe(1);
      expect(await markMessagesRead(contextFor(author), messages[2]!.messageId)).toBe(1);
      expect(await markMessagesRead(contextFor(author))).toBe(0);
    });
  });

  describe("live pushes from the worker to the API processes' rooms", () => {
    type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
    let io: Server;
    let live: ReturnType<typeof createLiveClients> | undefined;
    let url: string;
    const clients: Client[] = [];

    beforeAll(async () => {
      // An API process's socket server as far as rooms go: sockets say who they are and what they watch.
      const server = createServer();
      io = new Server(server, { path: '/socket.io' });
      // As the API sets it up: the classic adapter on one Redis, the sharded one on a cluster.
      const { pub, sub } = createLiveClients(services.redisUrl);
      io.adapter(liveAdapter(pub, sub, services.prefix));
      io.on('connection', (socket) => {
        const { userId, watch } = socket.handshake.auth as { userId?: number; watch?: number };
        void socket.join(SocketRoom.topics);
        if (userId) void socket.join(SocketRoom.user(userId));
        if (watch) void socket.join(SocketRoom.entity('topic', watch));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const client of clients) client.disconnect();
      await io.close();
      await Promise.all([live?.pub.quit(), live?.sub.quit()]);
    });

    async function open(auth: Record<string, number>): Promise<Client> {
      const client: Client = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth,
        forceNew: true,
      });
      clients.push(client);
      await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
      return client;
    }

    function collect<E extends keyof ServerToClientEvents>(client: Client, event: E): unknown[] {
      const seen: unknown[] = [];
      client.on(event, ((data: unknown) => seen.push(data)) as never);
      return seen;
    }

    it('an approval and a rejection of articles under review are told by the system, with the live badge', async () => {
      const [author, admin] = [await buildUser(), await buildAdmin()];
      await saveSiteConfig(systemContext(), { articlePending: true });
      const [approved, rejected] = await Promise.all([
        createArticle(contextFor(author), {
          title: '说话人分离综述',
          summary: '',
          content: '正文',
          tags: [],
        }),
        createArticle(contextFor(author), { title: '广告文章', summary: '', content: '正文', tags: [] }),
      ]).finally(() => saveSiteConfig(systemContext(), { articlePending: false }));
      const badge = collect(await open({ userId: author._id }), 'message:unread');
      await approveArticle(contextFor(admin), approved._id);
      await waitFor('the unread count after the approval', async () => badge.length > 0);
      expect(badge.at(-1)).toEqual({ count: 1 });
      await deleteArticle(contextFor(admin), rejected._id);
      const messages = await messagesOf(author, 2);
      expect(badge.at(-1)).toEqual({ count: 2 });
      expect(
        messages.map(({ from, type, title, quoteContent }) => ({
          from: from.nickname,
          type,
          title,
          quoteContent,
        })),
      ).toEqual([
        {
          from: '系统通知',
          type: MessageType.ArticleReviewed,
          title: '你的文章未通过审核',
          quoteContent: '《广告文章》',
        },
        {
          from: '系统通知',
          type: MessageType.ArticleReviewed,
          title: '你的文章已通过审核',
          quoteContent: '《说话人分离综述》',
        },
      ]);
      expect(messages[0]!.detailUrl).toMatch(new RegExp(`/user/${author._id}\\?tab=articles$`));
      expect(messages[1]!.detailUrl).toMatch(new RegExp(`/article/${approved._id}$`));
      // Approving again, or deleting the rejected article again, tells nothing more.
      await approveArticle(contextFor(admin), approved._id);
      await deleteArticle(contextFor(admin), rejected._id);
      await settled();
      expect(await inbox(author)).toHaveLength(2);
    });

    it('a comment pushes the unread count to the author and the comment to readers of the topic', async () => {
      const [author, commenter] = [await buildUser(), await buildUser()];
      const topic = await postTopic(author, '端到端语音识别的流式解码');
      const badge = collect(await open({ userId: author._id }), 'message:unread');
      const reader = collect(await open({ watch: topic._id }), 'comment:new');
      const comment = await buildComment({ author: commenter, entityId: topic._id, content: '实时到达' });
      await waitFor('the unread count', async () => badge.length > 0);
      expect(badge.at(-1)).toEqual({ count: 1 });
      await waitFor('the live comment', async () => reader.length > 0);
      expect(reader).toEqual([
        {
          entityType: 'topic',
          entityId: topic._id,
          commentId: comment._id,
          parentId: 0,
          userId: commenter._id,
        },
      ]);
    });

    it('a new topic is pushed to readers of topic lists', async () => {
      const author = await buildUser();
      const lists = collect(await open({}), 'topic:new');
      const topic = await postTopic(author, '新话题推送');
      await waitFor('the new topic', async () =>
        lists.some((data) => (data as { id: number }).id === topic._id),
      );
      expect(lists.find((data) => (data as { id: number }).id === topic._id)).toEqual({
        id: topic._id,
        nodeId: topic.nodeId,
        type: 0,
        title: '新话题推送',
        user: { id: author._id, nickname: author.nickname, avatar: author.avatar ?? '' },
      });
    });
  });
});
