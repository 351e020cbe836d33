/**
 * The two steps of third-party sign-in, shared by the legacy REST layer and tRPC: `start` sends the
 * person to the provider with a one-time state; `complete` checks that state, asks the provider who
 * they are and signs them in, creating their account on the first visit.
 */
import {
  isSitePath,
  OAuthMessages,
  OAuthProviderNames,
  type OAuthProviderInfo,
  type OAuthCallbackInput,
  type OAuthLegacyProvider,
  type OAuthProvider,
  type SiteConfig,
} from '@forum/contracts';
import { getSiteConfig } from '../config';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { issueToken } from '../users/tokens';
import { findOrCreateThirdPartyUser } from './link';
import { oidcAuthorization, oidcProfile, oidcProviderKey } from './oidc';
import type { ThirdPartyProfile } from './profile';
import { oauth2ClientOf, type OAuth2Client } from './providers';
import type { OAuthSettings, OidcSettings } from './settings';
import { browserHashOf, consumeState, isBrowserSecret, isSameBrowser, newState, saveState } from './state';

export interface ThirdPartySignIn {
  user: UserDoc;
  token: string;
  /** The lifetime of the token, for the `userToken` cookie. */
  maxAgeSeconds: number;
  /** The page the person started from, as given to `start`. */
  ref: string;
}

type EnabledProvider =
  | { kind: 'oauth2'; provider: OAuthLegacyProvider; client: OAuth2Client }
  | { kind: 'oidc'; settings: OidcSettings };

const DEFAULT_OIDC_NAME = 'OpenID';

/** The provider if this site has configured and switched it on, else the legacy "disabled" text. */
async function enabledProvider(settings: OAuthSettings, provider: OAuthProvider): Promise<EnabledProvider> {
  if (provider === 'oidc') {
    if (!settings.oidc) throw new AppError('FORBIDDEN', OAuthMessages.oidcDisabled(DEFAULT_OIDC_NAME));
    return { kind: 'oidc', settings: settings.oidc };
  }
  const client = oauth2ClientOf(settings, provider);
  const { loginMethod } = await getSiteConfig();
  if (!client || !loginMethod[provider]) throw new AppError('FORBIDDEN', OAuthMessages.disabled[provider]);
  return { kind: 'oauth2', provider, client };
}

function redirectUriOf(settings: OAuthSettings, provider: OAuthProvider): string {
  return `${settings.baseUrl.replace(/\/+$/, '')}/user/${provider}/callback`;
}

/**
 * Only a path of this site may come back as `ref`: the web app navigates to it after sign-in, and
 * a foreign address there would make us an open redirect.
 */
function sameSiteRef(settings: OAuthSettings, ref: string): string {
  if (isSitePath(ref)) return ref;
  try {
    const url = new URL(ref);
    return url.origin === new URL(settings.baseUrl).origin ? `${url.pathname}${url.search}${url.hash}` : '';
  } catch {
    return '';
  }
}

function providerFailed(cause: unknown): AppError {
  return new AppError('INTERNAL', OAuthMessages.providerFailed, { cause });
}

/** Runs a conversation with the provider; whatever goes wrong there becomes one clear message. */
async function talkToProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw AppError.is(error) ? error : providerFailed(error);
  }
}

/** The providers a visitor may use now, with the names the sign-in page shows. */
export async function listThirdPartyProviders(settings: OAuthSettings): Promise<OAuthProviderInfo[]> {
  const { loginMethod } = await getSiteConfig();
  const legacy = (['github', 'osc', 'qq'] as const)
    .filter((provider) => oauth2ClientOf(settings, provider) && loginMethod[provider])
    .map((provider) => ({ provider, name: OAuthProviderNames[provider] }));
  return settings.oidc ? [...legacy, { provider: 'oidc', name: settings.oidc.name }] : legacy;
}

/**
 * The public site configuration as both transports send it: `loginMethod` advertises a third-party
 * provider only when it is switched on and configured in this process's environment, so clients
 * show no button that can only fail. The stored switches are the owner's (admin settings read them).
 */
export async function advertisedSiteConfig(
  configured: Partial<Record<OAuthLegacyProvider, boolean>>,
): Promise<SiteConfig> {
  const config = await getSiteConfig();
  const loginMethod = { ...config.loginMethod };
  for (const provider of ['github', 'osc', 'qq'] as const) {
    loginMethod[provider] = !!loginMethod[provider] && !!configured[provider];
  }
  return { ...config, loginMethod };
}

/**
 * Starts a sign-in for the browser holding `browserSecret` (see `state.ts`): only a callback that
 * comes with the same secret completes it.
 */
export async function startThirdPartySignIn(
  settings: OAuthSettings,
  provider: OAuthProvider,
  ref: string,
  browserSecret: string,
): Promise<{ url: string }> {
  if (!isBrowserSecret(browserSecret)) throw new Error('a sign-in needs the browser secret');
  const enabled = await enabledProvider(settings, provider);
  const state = newState();
  const redirectUri = redirectUriOf(settings, provider);
  const pending = {
    provider,
    ref: sameSiteRef(settings, ref),
    redirectUri,
    browserHash: browserHashOf(browserSecret),
  };
  if (enabled.kind === 'oidc') {
    const { url, codeVerifier, nonce } = await talkToProvider(() =>
      oidcAuthorization(enabled.settings, state, redirectUri),
    );
    await saveState(state, { ...pending, codeVerifier, nonce });
    return { url: url.toString() };
  }
  await saveState(state, pending);
  return { url: enabled.client.authorizeUrl(state, redirectUri).toString() };
}

/**
 * Completes a sign-in from the provider's answer, in the browser that started it: a callback without
 * that browser's secret (a link someone else made) is refused like an unknown state, and spends it.
 */
export async function completeThirdPartySignIn(
  settings: OAuthSettings,
  input: Required<Pick<OAuthCallbackInput, 'provider' | 'code' | 'state'>> & {
    iss?: string | undefined;
    browserSecret: string | undefined;
  },
): Promise<ThirdPartySignIn> {
  const enabled = await enabledProvider(settings, input.provider);
  const pending = await consumeState(input.state, input.provider);
  if (!isSameBrowser(pending, input.browserSecret))
    throw new AppError('INVALID_INPUT', OAuthMessages.stateInvalid);
  const { providerKey, profile } = await talkToProvider<{ providerKey: string; profile: ThirdPartyProfile }>(
    async () =>
      enabled.kind === 'oidc'
        ? {
            providerKey: await oidcProviderKey(enabled.settings),
            profile: await oidcProfile(enabled.settings, pending, input),
          }
        : {
            providerKey: enabled.provider,
            profile: await enabled.client.profile(input.code, pending.redirectUri),
          },
  );
  if (!profile.providerUserId) throw providerFailed(new Error('the provider sent no user id'));
  const user = await findOrCreateThirdPartyUser(providerKey, profile);
  if (user.status !== 0) throw new AppError('FORBIDDEN', OAuthMessages.userDisabled);
  const { tokenExpireDays } = await getSiteConfig();
  const { token } = await issueToken(user._id, tokenExpireDays);
  return { user, token, maxAgeSeconds: tokenExpireDays * 86_400, ref: pending.ref };
}
