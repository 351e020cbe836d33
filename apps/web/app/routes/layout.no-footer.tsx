import { Outlet } from 'react-router';
import type { Route } from './+types/layout.no-footer';
import { layoutMeta, ShellErrorBoundary } from '~/features/layout/ShellErrorBoundary';
import { SiteShell } from '~/features/layout/SiteShell';

export const meta: Route.MetaFunction = ({ matches, error }) => layoutMeta(matches[0].loaderData.site, error);

/** Navigation and page, for pages that end on their own (error page, sign-in callbacks). */
export default function NoFooterLayout() {
  return (
    <SiteShell footer={false}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
