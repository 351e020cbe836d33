import type { OAuthProviderInfo } from '@forum/contracts';
import { UsersTexts } from '~/texts/users';

/** The names on the buttons of the original site; the OpenID Connect provider is named by its configuration. */
const providerNames: Record<Exclude<OAuthProviderInfo['provider'], 'oidc'>, string> = {
  github: 'Github',
  osc: 'Oschina',
  qq: 'QQ',
};

export function providerButtonLabel(info: OAuthProviderInfo): string {
  return UsersTexts.thirdParty.signInWith(
    info.provider === 'oidc' ? info.name : providerNames[info.provider],
  );
}

export const providerButtonClass: Record<OAuthProviderInfo['provider'], string> = {
  github: 'bg-[#24292f] text-white hover:bg-black',
  osc: 'bg-[#3273dc] text-white hover:bg-[#2366d1]',
  qq: 'bg-[#3298dc] text-white hover:bg-[#2793da]',
  oidc: 'border border-line text-body hover:border-accent hover:text-accent',
};

/** Sign-in callbacks exist for these providers only; any other path segment is a 404. */
export function isCallbackProvider(value: string | undefined): value is OAuthProviderInfo['provider'] {
  return value === 'github' || value === 'osc' || value === 'qq' || value === 'oidc';
}
