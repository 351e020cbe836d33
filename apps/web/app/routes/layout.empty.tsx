import { Outlet } from 'react-router';
import type { Route } from './+types/layout.empty';
import { ErrorPage } from '~/features/errors/ErrorPage';

/** The page alone, without navigation or footer. */
export default function EmptyLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
