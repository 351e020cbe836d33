import { useSuspenseQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTRPC } from '~/lib/trpc';

function useSessionQueries() {
  const trpc = useTRPC();
  return {
    config: useSuspenseQuery(trpc.config.get.queryOptions()).data,
    user: useSuspenseQuery(trpc.users.current.queryOptions()).data,
  };
}

type Session = ReturnType<typeof useSessionQueries>;

const SessionContext = createContext<Session | null>(null);

/**
 * Reads the site configuration and the signed-in user from the query cache once for the whole
 * page (the root loader always puts both there before rendering) and hands them to every
 * component below. A topic page has a score of components that ask who the reader is (each
 * comment's like, report and edit buttons); each asking the query cache itself cost a query
 * observer apiece, a measurable share of rendering the page. A refetch or sign-in re-renders this
 * provider and with it every reader of the context, as the observers did.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { config, user } = useSessionQueries();
  const session = useMemo(() => ({ config, user }), [config, user]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('the session is read outside SessionProvider');
  return session;
}

/** The site configuration. */
export function useSiteConfig(): Session['config'] {
  return useSession().config;
}

/** The signed-in user, or null for a visitor. */
export function useCurrentUser(): Session['user'] {
  return useSession().user;
}
