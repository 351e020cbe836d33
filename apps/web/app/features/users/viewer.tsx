/**
 * The reader of the page. Usually the server rendered the page as its reader, who is therefore known
 * from the start. A page the cache shares between signed-in readers (see page-cache.mjs) was
 * rendered for "a signed-in reader not yet known" instead (`viewerPending`): after hydration this
 * provider asks, in one tRPC batch, who the reader is and what the page shows differently for them
 * (their unread count, and what each route names in its `handle.fillInViewer`), then tells the page.
 *
 * Until then the reader is neither signed in nor out: the nav keeps a place for the user menu, the
 * like and favourite buttons are neutral, and a click on an action for signed-in readers waits for
 * the answer (useSignInGate) instead of sending a reader to the sign-in page.
 */
import { useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLatest } from '~/lib/use-latest';
import { useLocation, useMatches } from 'react-router';
import type { CurrentUser } from '@forum/contracts';
import { useTRPC } from '~/lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

/** A route's part of the batch: prefetches, with the keys its components will read, what it shows. */
export interface ViewerHandle {
  fillInViewer(args: { data: unknown; trpc: Trpc; queryClient: QueryClient }): Promise<unknown>[];
}

interface ViewerState {
  /** The signed-in user as the query cache has it now (null for a visitor), pending or not. */
  user: CurrentUser | null;
  pending: boolean;
  /** The page was a shared render, still shown: what came with it names no reader's own marks. */
  filledIn: boolean;
  /** Resolves with the reader once known, after the page has rendered as them. */
  known: Promise<CurrentUser | null>;
}

const ViewerContext = createContext<ViewerState>({
  user: null,
  pending: false,
  filledIn: false,
  known: Promise.resolve(null),
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const fillInOf = (handle: unknown): ViewerHandle['fillInViewer'] | undefined =>
  (handle as Partial<ViewerHandle> | undefined)?.fillInViewer;

export function ViewerProvider({
  pending: pendingAtLoad,
  children,
}: {
  pending: boolean;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Read here rather than from SessionProvider: when the reader's answer arrives, this render must
  // see it together with `pending` turning false (the provider above re-renders a tick later, when
  // the query cache notifies it), or `known` would resolve with the visitor the page was rendered for.
  const user = useSuspenseQuery(trpc.users.current.queryOptions()).data;
  const matches = useMatches();
  const { key } = useLocation();
  const [pending, setPending] = useState(pendingAtLoad);
  const [known] = useState(() => deferred<CurrentUser | null>());
  // The document's own location: once the reader navigates, pages come rendered for them.
  const [loadedKey] = useState(key);
  const latestMatches = useLatest(matches);

  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    // Started in one tick, so httpBatchLink sends them as one request. The session's answers are
    // in the cache already (as a visitor's), hence asked again regardless of their age.
    const asked = [
      queryClient.fetchQuery({ ...trpc.users.current.queryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...trpc.messages.recent.queryOptions(), staleTime: 0 }),
      ...latestMatches.current.flatMap(
        (match) => fillInOf(match.handle)?.({ data: match.loaderData, trpc, queryClient }) ?? [],
      ),
    ];
    void Promise.allSettled(asked).then(() => {
      if (!cancelled) setPending(false);
    });
    return () => {
      cancelled = true;
    };
  }, [pending, queryClient, trpc, latestMatches]);

  // After the commit that rendered the reader: whoever waits sees the page as it now is.
  useEffect(() => {
    if (!pending) known.resolve(user);
  }, [pending, user, known]);

  const state: ViewerState = {
    user,
    pending,
    filledIn: pendingAtLoad && key === loadedKey,
    known: known.promise,
  };
  return <ViewerContext.Provider value={state}>{children}</ViewerContext.Provider>;
}

/** The reader (null for a visitor, and while not yet known) and whether they are known yet. */
export function useViewer(): ViewerState {
  const state = useContext(ViewerContext);
  return state.pending ? { ...state, user: null } : state;
}
