import { Link } from 'react-router';
import type { ArticleItem } from '@forum/contracts';
import { TimeAgo } from '~/components/TimeAgo';
import { ContentTexts } from '~/texts/content';
import { articleHref, isRejected } from './article-item';
import { ReviewBadge } from './ReviewBadge';

/** Articles: title, summary, author and time, tags, and a badge while waiting for review. */
export function ArticleList({ articles }: { articles: ArticleItem[] }) {
  return (
    <ul className="divide-y divide-line" data-testid="article-list">
      {articles.map((article) => (
        <li key={article.id} className="px-5 py-4" data-testid="article-item">
          <h2 className="flex items-baseline gap-2">
            {isRejected(article) ? (
              // Rejected articles have no page any more: the title is only text.
              <span className="text-base leading-snug font-semibold break-words text-muted">
                {article.title}
              </span>
            ) : (
              <Link
                to={articleHref(article.id)}
                className="text-base leading-snug font-semibold break-words text-body hover:text-accent"
              >
                {article.title}
              </Link>
            )}
            <ReviewBadge article={article} className="px-1.5 py-px text-xs" />
          </h2>
          {article.summary && (
            <p className="mt-1.5 line-clamp-3 text-sm leading-6 break-words text-muted">{article.summary}</p>
          )}
          <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-faint">
            <span>
              {ContentTexts.postedBy}
              <Link
                to={`/user/${article.user.id}`}
                className="mx-1 text-muted underline decoration-dotted underline-offset-2 hover:text-accent"
              >
                {article.user.nickname}
              </Link>
              <TimeAgo time={article.createTime} label={ContentTexts.postedAtTime} />
            </span>
            {article.tags.length > 0 && (
              <span className="flex flex-wrap gap-1.5">
                {article.tags.map((tag) => (
                  <Link
                    key={tag.id}
                    to={`/articles/${tag.id}`}
                    className="rounded-full bg-hover px-2 py-0.5 text-muted hover:text-accent"
                  >
                    #{tag.name}
                  </Link>
                ))}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
