import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/article.create';
import contentCss from '~/features/content/content.css?url';
import { ArticleForm } from '~/features/editor/ArticleForm';
import { loadCreatePage } from '~/features/editor/load-editor.server';
import { pageMeta } from '~/lib/meta';
import { EditorTexts } from '~/texts/editor';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

export const loader = ({ request }: Route.LoaderArgs) => loadCreatePage(request);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, EditorTexts.forms.createArticle);

export default function CreateArticle({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticleForm />
    </HydrationBoundary>
  );
}
