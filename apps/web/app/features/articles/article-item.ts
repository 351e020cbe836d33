import { ArticleStatus, type ArticleItem } from '@forum/contracts';

export const articleHref = (id: number) => `/article/${id}`;

/** Waiting for a moderator: only its author and the moderators see it, marked as pending review. */
export const isPending = (article: Pick<ArticleItem, 'status'>) => article.status === ArticleStatus.Pending;

/** Removed by a moderator while it waited for review: listed only on its author's own page. */
export const isRejected = (article: Pick<ArticleItem, 'rejected'>) => article.rejected;
