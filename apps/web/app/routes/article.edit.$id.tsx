import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/article.edit.$id';
import contentCss from '~/features/content/content.css?url';
import { idParam } from '~/features/lists/pagination';
import { ArticleForm } from '~/features/editor/ArticleForm';
import { loadArticleEditPage } from '~/features/editor/load-editor.server';
import { pageMeta } from '~/lib/meta';
import { EditorTexts } from '~/texts/editor';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadArticleEditPage(request, idParam(params.id));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, EditorTexts.forms.editArticle);

export default function EditArticle({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticleForm key={loaderData.form.id} edit={loaderData.form} />
    </HydrationBoundary>
  );
}
