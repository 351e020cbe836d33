import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/topic.edit.$id';
import contentCss from '~/features/content/content.css?url';
import { idParam } from '~/features/lists/pagination';
import { loadTopicEditPage } from '~/features/editor/load-editor.server';
import { TopicForm } from '~/features/editor/TopicForm';
import { pageMeta } from '~/lib/meta';
import { EditorTexts } from '~/texts/editor';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

/** Only the author or an admin may edit, and only titled topics; the API says why not otherwise. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadTopicEditPage(request, idParam(params.id));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, EditorTexts.forms.editTopic);

export default function EditTopic({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicForm key={loaderData.form.id} edit={loaderData.form} />
    </HydrationBoundary>
  );
}
