import { ArticleStatus, type ArticleItem } from '@forum/contracts';

export const articleHref = (id: number) => `/article/${id}`;

/** Waiting for a moderator: only its author and the moderators see it, marked as pending review. */
export const isPending = (article: Pick<ArticleItem, 'status'>) => article.status === ArticleStatus.Pending;
