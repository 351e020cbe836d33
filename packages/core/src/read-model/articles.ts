/**
 * Articles in the read model: shown articles newest first (all, by author, by tag), scored by id as
 * the legacy cursor is. Pending and deleted articles are in none of those; an author's articles that
 * wait for review or were rejected are in the author's own `unshown` list, which only the author and
 * moderators read (on the author's personal page).
 */
import { ArticleStatus } from '@forum/contracts';
import { Article, type ArticleDoc } from '../articles/model';
import { cacheDoc, defineEntityKind, dropDoc, readEntity, readInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmEntityList, rmKey, rmRedis } from './store';

export const articleLists = {
  all: () => rmKey('articles', 'all'),
  user: (userId: number) => rmKey('articles', 'user', userId),
  tag: (tagId: number) => rmKey('articles', 'tag', tagId),
  /** The author's articles waiting for review or rejected, which readers do not see. */
  unshown: (userId: number) => rmKey('articles', 'unshown', userId),
};

/** Not shown, but still the author's to see: waiting for review, or rejected by a moderator. */
export function isUnshownToAuthor(article: Pick<ArticleDoc, 'status' | 'rejected'>): boolean {
  return (
    article.status === ArticleStatus.Pending ||
    (article.status === ArticleStatus.Deleted && !!article.rejected)
  );
}

export const articleKind = defineEntityKind({
  name: 'article',
  model: Article,
  hidden: ['outbox'],
  counts: {
    likeCount: { list: rmEntityList('likers', 'article') },
    commentCount: { list: rmEntityList('comments', 'article') },
    viewCount: { counter: true },
  },
});

function listsOf(article: ArticleDoc): Map<string, number> {
  const lists = new Map<string, number>();
  if (isUnshownToAuthor(article)) lists.set(articleLists.unshown(article.userId), article._id);
  if (article.status !== ArticleStatus.Ok) return lists;
  lists.set(articleLists.all(), article._id);
  lists.set(articleLists.user(article.userId), article._id);
  for (const tagId of article.tagIds ?? []) lists.set(articleLists.tag(tagId), article._id);
  return lists;
}

export async function projectArticle(article: ArticleDoc): Promise<void> {
  await cacheDoc(articleKind, article);
  await placeInLists(`article:${article._id}`, article._id, listsOf(article));
}

export async function reprojectArticle(id: number): Promise<ArticleDoc | null> {
  const article = await Article.findById(id, { outbox: 0 }).lean<ArticleDoc>();
  if (article) await projectArticle(article);
  else {
    await dropDoc(articleKind, id);
    await placeInLists(`article:${id}`, id, new Map());
  }
  return article;
}

export function readArticles(ids: readonly number[]): Promise<ArticleDoc[]> {
  return readInOrder<ArticleDoc>(articleKind, ids);
}

/** The articles of `ids` in order without their counts (left at 0), for answers that show none. */
export function readArticlesWithoutCounts(ids: readonly number[]): Promise<ArticleDoc[]> {
  return readInOrder<ArticleDoc>(articleKind, ids, false);
}

/** Whether everyone may read the article (it is shown), as `isShownTopic` tells it for topics. */
export async function isShownArticle(id: number): Promise<boolean> {
  return (await rmRedis().zscore(articleLists.all(), String(id))) !== null;
}

export function readArticle(id: number): Promise<ArticleDoc | null> {
  return readEntity<ArticleDoc>(articleKind, id);
}

defineRebuildSource<ArticleDoc>({
  name: 'articles',
  owner: 'article',
  model: Article,
  projection: { outbox: 0 },
  project: projectArticle,
  views: { kind: 'article', field: 'viewCount' },
});
