import { useMutation, useQuery } from '@tanstack/react-query';
import type { OAuthProviderInfo } from '@forum/contracts';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';
import { providerButtonClass, providerButtonLabel } from './providers';

/** The third-party sign-in block: one button per configured provider; hidden when there are none. */
export function ThirdPartyLogin({ returnTo }: { returnTo: string }) {
  const trpc = useTRPC();
  const providers = useQuery(trpc.oauth.providers.queryOptions()).data ?? [];
  const authorize = useMutation(trpc.oauth.authorizeUrl.mutationOptions());
  if (providers.length === 0) return null;
  const start = (info: OAuthProviderInfo) =>
    authorize.mutate(
      { provider: info.provider, ref: returnTo },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <div className="mt-6" data-testid="third-party-login">
      <div className="flex items-center gap-3 text-xs text-faint">
        <span className="h-px flex-1 bg-line" />
        {UsersTexts.thirdParty.title}
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {providers.map((info) => (
          <button
            key={info.provider}
            type="button"
            disabled={authorize.isPending}
            className={`inline-flex h-9 items-center rounded-md px-4 text-sm ${providerButtonClass[info.provider]}`}
            onClick={() => start(info)}
          >
            {providerButtonLabel(info)}
          </button>
        ))}
      </div>
    </div>
  );
}
