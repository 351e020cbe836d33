import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/articles.$tagId';
import { ArticlesPage } from '~/features/articles/ArticlesPage';
import { loadArticlesPage } from '~/features/articles/load-articles.server';
import { idParam } from '~/features/lists/pagination';
import { tagNameIn } from '~/features/tags/tag-name';
import { pageMeta } from '~/lib/meta';

/** One tag's articles, newest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const tagId = idParam(params.tagId);
  const { first, dehydratedState } = await loadArticlesPage(request, tagId);
  return { tagId, tagName: tagNameIn(first.results, tagId) ?? '标签', dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData && `${loaderData.tagName} - 文章`);

export default function TagArticles({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticlesPage tagId={loaderData.tagId} tagName={loaderData.tagName} />
    </HydrationBoundary>
  );
}
