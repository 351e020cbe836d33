import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { data, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.oauth-callback';
import { isCallbackProvider } from '~/features/users/providers';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { safeRef } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';

export function loader({ params }: Route.LoaderArgs) {
  if (!isCallbackProvider(params.provider)) throw data(CommonTexts.pageNotFound, { status: 404 });
  return { provider: params.provider };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, UsersTexts.oauthCallback.title);

/**
 * Where a provider sends the browser back. The exchange runs from the browser, so the API's
 * answer sets the session cookie there; then the page the person came from is loaded.
 */
export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const callback = useMutation(trpc.oauth.callback.mutationOptions());
  const started = useRef(false);
  const { mutate } = callback;

  useEffect(() => {
    // The code works once; a second effect run (development remount) must not spend it again.
    if (started.current) return;
    started.current = true;
    mutate(
      {
        provider: loaderData.provider,
        code: params.get('code') ?? '',
        state: params.get('state') ?? '',
        ...(params.get('iss') ? { iss: params.get('iss')! } : {}),
      },
      { onSuccess: (result) => window.location.assign(safeRef(result.ref || params.get('ref'))) },
    );
  }, [loaderData.provider, mutate, params]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      {callback.isError ? (
        <>
          <p className="text-base text-accent" data-testid="oauth-error">
            {CommonTexts.failedWith(UsersTexts.oauthCallback.failed, errorMessage(callback.error))}
          </p>
          <Link to="/user/signin" className="text-sm text-link hover:underline">
            {UsersTexts.oauthCallback.backToSignIn}
          </Link>
        </>
      ) : (
        <>
          <span className="size-4 animate-ping rounded-full bg-accent-fill" aria-hidden="true" />
          <p className="text-sm text-muted">{UsersTexts.oauthCallback.waiting}</p>
        </>
      )}
    </div>
  );
}
