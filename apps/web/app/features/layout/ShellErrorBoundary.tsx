import { ErrorPage } from '~/features/errors/ErrorPage';
import { describeError } from '~/features/errors/describe-error';
import { pageMeta, type SiteHead } from '~/lib/meta';
import { SiteShell } from './SiteShell';

/** Errors below a layout keep the navigation (like the original no-footer error layout). */
export function ShellErrorBoundary({ error }: { error: unknown }) {
  return (
    <SiteShell footer={false}>
      <ErrorPage error={error} />
    </SiteShell>
  );
}

/** The head of a layout: the error's words when it failed, else just the site title. */
export function layoutMeta(site: SiteHead, error: unknown) {
  return pageMeta(site, error ? describeError(error).description : undefined);
}
