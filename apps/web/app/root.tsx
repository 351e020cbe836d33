import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { EnvProvider } from '~/features/env/env';
import { LiveProvider } from '~/features/live/LiveProvider';
import { useViewer, ViewerProvider } from '~/features/users/viewer';
import { SessionProvider } from '~/features/users/session-hooks';
import { describeError } from '~/features/errors/describe-error';
import { ErrorPage } from '~/features/errors/ErrorPage';
import { ProgressBar } from '~/features/progress/ProgressBar';
import { useNonce } from '~/features/security/nonce';
import { themeBootScript } from '~/features/theme/theme';
import { Toaster } from '~/features/toast';
import { isMobileUserAgent } from '~/lib/device';
import { pageMeta, type SiteHead } from '~/lib/meta';
import { createBrowserTrpcClient, makeQueryClient, TRPCProvider } from '~/lib/trpc';
import { dehydrateRequest, loadSession } from '~/lib/trpc.server';
import { LayoutTexts } from '~/texts/layout';

/**
 * Stylesheets come last, after the links React's server render moves to the top of `<head>`, so the
 * page's `<link>`s stand in the order the browser's render lists them (see `entry.client.tsx`).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/logo.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'alternate', type: 'application/atom+xml', title: LayoutTexts.feeds.articles, href: '/atom.xml' },
  {
    rel: 'alternate',
    type: 'application/atom+xml',
    title: LayoutTexts.feeds.topics,
    href: '/topic_atom.xml',
  },
  { rel: 'stylesheet', href: stylesheet },
];

/**
 * Every page needs the site configuration and the visitor, so the root loader asks the API for both
 * (as the visitor, by forwarding their cookie) and ships the query cache with the page. The page
 * cache's shared render for signed-in readers comes without cookies and is marked `viewerPending`:
 * the page names no reader, and the browser fills them in (features/users/viewer.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = await loadSession(request);
  const site: SiteHead = {
    title: config.siteTitle,
    description: config.siteDescription,
    keywords: config.siteKeywords ?? [],
  };
  return {
    site,
    isMobile: isMobileUserAgent(request.headers.get('user-agent')),
    viewerPending: context?.sharedViewer === true,
    dehydratedState: dehydrateRequest(request),
  };
}

/** A page the API was too busy for says when to come back (see `rethrowBusy`). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData ? pageMeta(loaderData.site) : [{ title: describeError(error).description }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Rendered per device class (and cached so: see page-cache.mjs); absent on the root's error page.
  const isMobile = useRouteLoaderData<typeof loader>('root')?.isMobile;
  return (
    // The theme script sets the class before React hydrates, so the server's markup differs there.
    <html lang="zh-cmn-Hans" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#b83030" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        {/* Given here too: the browser's router has no nonce of its own to hydrate the links with. */}
        <Links nonce={nonce} />
      </head>
      <body data-device={isMobile === undefined ? undefined : isMobile ? 'mobile' : 'desktop'}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(createBrowserTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <HydrationBoundary state={loaderData.dehydratedState}>
          <SessionProvider>
            <ViewerProvider pending={loaderData.viewerPending}>
              <EnvProvider isMobile={loaderData.isMobile}>
                <Live>
                  <ProgressBar />
                  <Outlet />
                  <Toaster />
                </Live>
              </EnvProvider>
            </ViewerProvider>
          </SessionProvider>
        </HydrationBoundary>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Reached only when the root itself fails (e.g. the API is down), so it renders without site data. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="min-h-screen">
      <ErrorPage error={error} />
    </main>
  );
}

/** The tab's live connection, made again when the reader signs in or out, and once they are known. */
function Live({ children }: { children: ReactNode }) {
  const { user, pending } = useViewer();
  return (
    <LiveProvider readerId={user?.id ?? null} waiting={pending}>
      {children}
    </LiveProvider>
  );
}
