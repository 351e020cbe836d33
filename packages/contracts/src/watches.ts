import { z } from 'zod';

/** Watching (关注此话题) names one topic (docs/events-and-jobs.md "Watched topics"). */
export const WatchTargetSchema = z.object({
  topicId: z.number({ error: '请选择话题' }).int({ error: '请选择话题' }).positive({ error: '请选择话题' }),
});
export type WatchTarget = z.infer<typeof WatchTargetSchema>;

/** A topic the reader watches, as the account settings list them. */
export interface WatchedTopic {
  topicId: number;
  /** The title, or a tweet's opening text. */
  title: string;
  /** When they started watching (ms). */
  watchTime: number;
}

/**
 * Whether the member watches, by default, the topics they post and the topics they comment on
 * (账号设置); each is on unless turned off. At least one is given.
 */
export const SetWatchDefaultsSchema = z
  .object({ watchPostedTopics: z.boolean().optional(), watchRepliedTopics: z.boolean().optional() })
  .refine((input) => input.watchPostedTopics !== undefined || input.watchRepliedTopics !== undefined, {
    error: '请选择要修改的设置',
  });
export type SetWatchDefaults = z.infer<typeof SetWatchDefaultsSchema>;
