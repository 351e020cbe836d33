import { WatchTargetSchema } from '@forum/contracts';
import { isWatchingTopic, listWatchedTopics, unwatchTopic, watchTopic } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

/** Watching topics (关注此话题, docs/events-and-jobs.md "Watched topics"). */
export const watchesRouter = router({
  watch: authedProcedure
    .input(WatchTargetSchema)
    .mutation(({ ctx, input }) => watchTopic(ctx.request, input.topicId)),
  unwatch: authedProcedure
    .input(WatchTargetSchema)
    .mutation(({ ctx, input }) => unwatchTopic(ctx.request, input.topicId)),
  /** Whether the reader watches the topic (false for a visitor). */
  isWatching: publicProcedure
    .input(WatchTargetSchema)
    .query(({ ctx, input }) => isWatchingTopic(ctx.user?._id, input.topicId)),
  /** The topics the reader watches, newest first. */
  list: authedProcedure.query(({ ctx }) => listWatchedTopics(ctx.request)),
});
