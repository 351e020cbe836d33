import { useSearchParams } from 'react-router';
import type { Route } from './+types/redirect';
import { buttonClass } from '~/components/Dialog';
import { externalUrl } from '~/features/content/external-url';
import { pageMeta } from '~/lib/meta';
import { RedirectTexts } from '~/texts/redirect';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, RedirectTexts.title);

/** The stop before leaving the site through a link in user content. */
export default function Redirect() {
  const [params] = useSearchParams();
  const url = externalUrl(params.get('url'));
  return (
    <div className="flex min-h-screen items-center justify-center bg-page px-4">
      <div
        className="w-full max-w-[560px] rounded-lg bg-card px-6 py-10 text-center shadow-sm"
        data-testid="redirect-page"
      >
        <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto" />
        {url ? (
          <>
            <h1 className="mt-5 text-lg font-semibold text-body">{RedirectTexts.leaving}</h1>
            <p className="mt-2 text-sm text-muted">{RedirectTexts.warning}</p>
            <p
              className="mt-4 rounded-md bg-input px-4 py-3 text-left text-sm break-all text-body"
              data-testid="redirect-url"
            >
              {url}
            </p>
            <a href={url} rel="nofollow noopener noreferrer" className={`${buttonClass.primary} mt-6`}>
              {RedirectTexts.proceed}
            </a>
          </>
        ) : (
          <>
            <h1 className="mt-5 text-lg font-semibold text-accent" data-testid="redirect-error">
              {RedirectTexts.invalid}
            </h1>
            <p className="mt-2 text-sm text-muted">{RedirectTexts.invalidHint}</p>
            <a href="/" className={`${buttonClass.plain} mt-6`}>
              {RedirectTexts.home}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
