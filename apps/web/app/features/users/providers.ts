import type { OAuthProviderInfo } from '@forum/contracts';

/** Button texts of the original site; the OpenID Connect provider is named by its configuration. */
const buttonLabels: Record<Exclude<OAuthProviderInfo['provider'], 'oidc'>, string> = {
  github: 'Github 登录',
  osc: 'Oschina 登录',
  qq: 'QQ 登录',
};

export function providerButtonLabel(info: OAuthProviderInfo): string {
  return info.provider === 'oidc' ? `${info.name} 登录` : buttonLabels[info.provider];
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
