/** Topics and tweets for our web app; the same core services as /api/topic/... */
import {
  CreateTopicInputSchema,
  CursorInputSchema,
  EditTopicInputSchema,
  ForbiddenWordInputSchema,
  SetRecommendInputSchema,
  SetStickyInputSchema,
  StickyTopicsInputSchema,
  TopicIdInputSchema,
  TopicListInputSchema,
  TopicsByUserInputSchema,
} from '@forum/contracts';
import {
  addForbiddenWord,
  createTopic,
  deleteTopic,
  editTopic,
  findShownTopic,
  viewTopic,
  getTopicForEdit,
  listFeedTopics,
  listAllForbiddenWordsForAdmin,
  listStickyTopics,
  listTopics,
  listUserTopics,
  presentTopicDetail,
  presentTopicPage,
  presentTopics,
  removeForbiddenWord,
  setTopicRecommend,
  setTopicSticky,
  topicAbilities,
} from '@forum/core';
import { adminProcedure, authedProcedure, postingProcedure, publicProcedure, router } from '../init';

export const topicsRouter = router({
  create: postingProcedure.input(CreateTopicInputSchema).mutation(async ({ ctx, input }) => {
    const topic = await createTopic(ctx.request, input);
    return presentTopicDetail(topic, ctx.user);
  }),
  /** The raw Markdown and tag names for the edit form. */
  forEdit: postingProcedure
    .input(TopicIdInputSchema)
    .query(({ ctx, input }) => getTopicForEdit(ctx.user, input.id)),
  edit: postingProcedure.input(EditTopicInputSchema).mutation(async ({ ctx, input }) => {
    const topic = await editTopic(ctx.request, input);
    return presentTopicDetail(topic, ctx.user);
  }),
  delete: postingProcedure.input(TopicIdInputSchema).mutation(async ({ ctx, input }) => {
    await deleteTopic(ctx.request, input.id);
    return { deleted: true };
  }),
  byId: publicProcedure
    .input(TopicIdInputSchema)
    .query(async ({ ctx, input }) => presentTopicDetail(await viewTopic(input.id), ctx.user)),
  /**
   * What the caller may do to a topic, without counting a view: the shared render of a topic page
   * was made for nobody, and the browser asks this with the reader (see `ViewerProvider`).
   */
  abilities: publicProcedure
    .input(TopicIdInputSchema)
    .query(async ({ ctx, input }) => topicAbilities(ctx.user, await findShownTopic(input.id))),
  list: publicProcedure
    .input(TopicListInputSchema)
    .query(async ({ input }) => presentTopicPage(await listTopics(input))),
  byUser: publicProcedure
    .input(TopicsByUserInputSchema)
    .query(async ({ input }) => presentTopicPage(await listUserTopics(input.userId, input.cursor))),
  /** The signed-in user's follow feed (twin of GET /api/feed/topics). */
  feed: authedProcedure
    .input(CursorInputSchema)
    .query(async ({ ctx, input }) => presentTopicPage(await listFeedTopics(ctx.user._id, input.cursor))),
  sticky: publicProcedure
    .input(StickyTopicsInputSchema)
    .query(async ({ input }) => presentTopics(await listStickyTopics(input.nodeId))),
  recommend: authedProcedure.input(SetRecommendInputSchema).mutation(async ({ ctx, input }) => {
    await setTopicRecommend(ctx.request, input.id, input.recommend);
    return { recommend: input.recommend };
  }),
  setSticky: authedProcedure.input(SetStickyInputSchema).mutation(async ({ ctx, input }) => {
    await setTopicSticky(ctx.request, input.id, input.sticky);
    return { sticky: input.sticky };
  }),
  forbiddenWords: adminProcedure.query(async ({ ctx }) =>
    (await listAllForbiddenWordsForAdmin(ctx.request)).map((row) => ({
      id: row._id,
      word: row.word,
      createTime: row.createTime,
    })),
  ),
  addForbiddenWord: adminProcedure.input(ForbiddenWordInputSchema).mutation(async ({ ctx, input }) => {
    // These two never logged the client's address; kept so the operation log reads as before.
    const row = await addForbiddenWord(ctx.request, input);
    return { id: row._id, word: row.word, createTime: row.createTime };
  }),
  removeForbiddenWord: adminProcedure.input(ForbiddenWordInputSchema).mutation(async ({ ctx, input }) => ({
    removed: await removeForbiddenWord(ctx.request, input),
  })),
});
