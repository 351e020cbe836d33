import { Outlet } from 'react-router';
import type { Route } from './+types/layout.default';
import { layoutMeta, ShellErrorBoundary } from '~/features/layout/ShellErrorBoundary';
import { SiteShell } from '~/features/layout/SiteShell';

export const meta: Route.MetaFunction = ({ matches, error }) => layoutMeta(matches[0].loaderData.site, error);

/** Navigation, page, footer: the layout of almost every page. */
export default function DefaultLayout() {
  return (
    <SiteShell footer>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
