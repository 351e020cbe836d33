import { HydrationBoundary } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/topic.create';
import contentCss from '~/features/content/content.css?url';
import { loadCreatePage } from '~/features/editor/load-editor.server';
import { TopicForm } from '~/features/editor/TopicForm';
import { TweetForm } from '~/features/editor/TweetForm';
import { pageMeta } from '~/lib/meta';
import { EditorTexts } from '~/texts/editor';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

export const loader = ({ request }: Route.LoaderArgs) => loadCreatePage(request);

const isTweet = (search: string) => new URLSearchParams(search).get('type') === '1';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(
    matches[0].loaderData.site,
    isTweet(location.search) ? EditorTexts.forms.createTweet : EditorTexts.forms.createTopic,
  );

/** A new topic, or with ?type=1 a tweet; ?nodeId= picks the node. */
export default function CreateTopic({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tweet = params.get('type') === '1';
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      {/* A new key per kind, so switching between a topic and a tweet starts a fresh form. */}
      {tweet ? <TweetForm key="tweet" /> : <TopicForm key="topic" />}
    </HydrationBoundary>
  );
}
