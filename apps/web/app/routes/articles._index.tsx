import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/articles._index';
import { ArticlesPage } from '~/features/articles/ArticlesPage';
import { loadArticlesPage } from '~/features/articles/load-articles.server';
import { pageMeta } from '~/lib/meta';
import { ArticlesTexts } from '~/texts/articles';

export async function loader({ request }: Route.LoaderArgs) {
  const { dehydratedState } = await loadArticlesPage(request);
  return { dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, ArticlesTexts.title);

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticlesPage />
    </HydrationBoundary>
  );
}
