import { redirect } from 'react-router';
import type { Route } from './+types/article.redirect.$id';
import { idParam } from '~/features/lists/pagination';

/** Old links to imported articles: the article now lives at /article/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/article/${idParam(params.id)}`);
}
