/**
 * What can be favourited and how a favourite describes it. Topics are known here; other modules
 * (articles) register theirs with `registerFavoriteTarget`.
 */
import {
  FAVORITE_SUMMARY_LENGTH,
  type FavoriteEntityType,
  TopicStatus,
  TopicType,
  Texts,
} from '@forum/contracts';
import { renderMarkdown, renderText, summarize, type RenderOptions } from '../markdown';
import { readTopics } from '../read-model/topics';
import { topicExists } from '../topics/get-topic';

/** A favourited entity as the favourites list shows it. */
export interface FavoriteSubject {
  title: string;
  /** Plain-text summary of at most FAVORITE_SUMMARY_LENGTH characters. */
  summary: string;
  userId: number;
  /** Site path of the entity's page (`/topic/1`), made absolute by the presenter. */
  path: string;
}

export interface FavoriteTarget {
  /** Whether a shown entity with this id exists. */
  exists(id: number): Promise<boolean>;
  /** The shown entities among `ids` (missing or hidden ones left out), with one query. */
  describe(ids: number[], render: RenderOptions): Promise<Map<number, FavoriteSubject>>;
}

const topicTarget: FavoriteTarget = {
  exists: topicExists,
  describe: async (ids, render) => {
    const topics = (await readTopics(ids)).filter((topic) => topic.status === TopicStatus.Ok);
    return new Map(
      topics.map((topic) => {
        // Topics are Markdown; tweets are plain text.
        const html =
          topic.type === TopicType.Tweet
            ? renderText(topic.content ?? '')
            : renderMarkdown(topic.content ?? '', render);
        const subject: FavoriteSubject = {
          title: topic.title ?? '',
          summary: summarize(html, FAVORITE_SUMMARY_LENGTH),
          userId: topic.userId,
          path: `/topic/${topic._id}`,
        };
        return [topic._id, subject];
      }),
    );
  },
};

const targets = new Map<FavoriteEntityType, FavoriteTarget>([['topic', topicTarget]]);

export function registerFavoriteTarget(entityType: FavoriteEntityType, target: FavoriteTarget): void {
  targets.set(entityType, target);
}

export function favoriteTarget(entityType: FavoriteEntityType): FavoriteTarget | undefined {
  return targets.get(entityType);
}

/** What adding a missing or hidden entity answers (legacy wording). */
export const FAVORITE_MISSING_TEXT: Record<FavoriteEntityType, string> = {
  topic: Texts.topics.missingOnFavorite,
  article: Texts.articles.missingOnFavorite,
};
