import type { Route } from './+types/link.$id';
import { ItemDetail } from '~/features/lists/ItemDetail';
import { loadItemPage } from '~/features/lists/list-page.server';
import { pageMeta } from '~/lib/meta';
import { ExternalLink } from '~/components/ExternalLink';
import { LinksTexts } from '~/texts/links';

/** One friend link; a missing one is a 404. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadItemPage(request, params.id, ({ queryClient, trpc }, id) =>
    queryClient.fetchQuery(trpc.links.byId.queryOptions({ id })),
  );

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData && LinksTexts.pageTitle(loaderData.item.title));

export default function LinkPage({ loaderData }: Route.ComponentProps) {
  const { item: link } = loaderData;
  return (
    <ItemDetail
      dehydratedState={loaderData.dehydratedState}
      testId="link-detail"
      logo={link.logo}
      title={link.title}
    >
      {link.summary && (
        <p className="mt-5 rounded-md border border-line bg-hover px-4 py-3 text-sm leading-7 break-words whitespace-pre-wrap text-muted">
          {link.summary}
        </p>
      )}
      <p className="mt-5 text-sm break-all text-muted">
        {LinksTexts.address}
        <ExternalLink href={link.url} className="text-link hover:underline">
          {link.url}
        </ExternalLink>
      </p>
      <ExternalLink
        href={link.url}
        className="mt-6 inline-flex h-9 items-center justify-center rounded-md bg-accent-fill px-5 text-sm font-medium text-white hover:bg-accent-strong"
      >
        {LinksTexts.visit}
      </ExternalLink>
    </ItemDetail>
  );
}
