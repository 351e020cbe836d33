import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Route } from './+types/article.$id';
import { Card } from '~/components/Card';
import { CommentSection } from '~/features/comments/CommentSection';
import { ArticleTools } from '~/features/articles/ArticleTools';
import { ReviewBadge } from '~/features/articles/ReviewBadge';
import { AuthorCard } from '~/features/content/AuthorCard';
import { ContentHtml } from '~/features/content/ContentHtml';
import contentCss from '~/features/content/content.css?url';
import { DetailFooter, DetailLayout, PostTime, TagChips } from '~/features/content/DetailLayout';
import { useLiked } from '~/features/content/LikeButton';
import { loadArticlePage } from '~/features/articles/load-article.server';
import { idParam } from '~/features/lists/pagination';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ContentTexts } from '~/texts/content';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

export const loader = ({ request, params }: Route.LoaderArgs) => loadArticlePage(request, idParam(params.id));

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = matches[0].loaderData.site;
  if (!loaderData) return pageMeta(site);
  const { article } = loaderData;
  return pageMeta(
    {
      ...site,
      description: [...article.summary].slice(0, 128).join('') || site.description,
      keywords: article.tags.length ? article.tags.map((tag) => tag.name) : site.keywords,
    },
    article.title,
  );
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticleDetailView id={loaderData.article.id} />
    </HydrationBoundary>
  );
}

function ArticleDetailView({ id }: { id: number }) {
  const trpc = useTRPC();
  const article = useSuspenseQuery(trpc.articles.byId.queryOptions({ id })).data;
  const liked = useLiked('article', article.id);
  return (
    <DetailLayout aside={<AuthorCard userId={article.user.id} />}>
      <Card>
        <article className="px-4 py-4 md:px-6 md:py-5" data-testid="article-detail">
          <header>
            <h1 className="text-xl font-bold break-words text-body md:text-2xl" data-testid="article-title">
              {article.title}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-faint">
              <span>
                {ContentTexts.postedBy}{' '}
                <Link to={`/user/${article.user.id}`} className="text-muted hover:text-accent">
                  {article.user.nickname}
                </Link>{' '}
                {ContentTexts.postedAt} <PostTime time={article.createTime} />
              </span>
              <TagChips tags={article.tags} href={(tag) => `/articles/${tag.id}`} />
              <ReviewBadge article={article} className="px-2 py-0.5" />
              <span className="ml-auto">
                <ArticleTools article={article} />
              </span>
            </div>
          </header>
          <ContentHtml html={article.content} className="mt-5" testId="article-content" />
          <DetailFooter top="mt-6" entityType="article" entity={article} liked={liked} />
        </article>
      </Card>
      <CommentSection entityType="article" entityId={article.id} commentCount={article.commentCount} />
    </DetailLayout>
  );
}
