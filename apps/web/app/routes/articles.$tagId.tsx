import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/articles.$tagId';
import { ArticlesPage } from '~/features/articles/ArticlesPage';
import { loadArticlesPage } from '~/features/articles/load-articles.server';
import { loadTag } from '~/features/tags/load-tag.server';
import { pageMeta } from '~/lib/meta';
import { ArticlesTexts } from '~/texts/articles';

/** One tag's articles, newest first; an unknown tag is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const tag = await loadTag(request, params.tagId);
  const { dehydratedState } = await loadArticlesPage(request, tag.id);
  return { tagId: tag.id, tagName: tag.name, dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData && ArticlesTexts.tagPageTitle(loaderData.tagName));

export default function TagArticles({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticlesPage tagId={loaderData.tagId} tagName={loaderData.tagName} />
    </HydrationBoundary>
  );
}
