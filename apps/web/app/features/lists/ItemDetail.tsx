import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '~/components/Card';
import { LinkLogo } from '~/features/links/LinkLogo';
import { WithSidebar } from './Sidebar';

/**
 * The page of one friend link or project (loaded by `loadItemPage`): its logo and title, with
 * `subtitle` under the title, above its details; the sidebar beside it.
 */
export function ItemDetail({
  dehydratedState,
  testId,
  logo,
  title,
  subtitle,
  children,
}: {
  dehydratedState: DehydratedState;
  testId: string;
  logo: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <HydrationBoundary state={dehydratedState}>
      <WithSidebar>
        <Card>
          <article className="px-6 py-6" data-testid={testId}>
            <div className="flex items-center gap-3">
              <LinkLogo logo={logo} size={48} />
              <div className="min-w-0">
                <h1 className="text-xl font-semibold break-words text-body">{title}</h1>
                {subtitle}
              </div>
            </div>
            {children}
          </article>
        </Card>
      </WithSidebar>
    </HydrationBoundary>
  );
}
