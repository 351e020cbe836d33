/**
 * Sign-in with one generic OpenID Connect provider (Keycloak, Authentik, …) through `openid-client`:
 * discovery from the issuer, authorization code flow with PKCE, state and nonce.
 */
import * as client from 'openid-client';
import type { PendingSignIn } from './state';
import { isRecord, textOf, webUrlOf, type ThirdPartyProfile } from './profile';
import { PROVIDER_TIMEOUT_MS, type OidcSettings } from './settings';

const SCOPE = 'openid profile email';

/** Discovery per process; a failed discovery is forgotten so the next sign-in tries again. */
const configurations = new Map<string, Promise<client.Configuration>>();

function configurationOf(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let configuration = configurations.get(key);
  if (!configuration) {
    const issuer = new URL(settings.issuer);
    configuration = client.discovery(
      issuer,
      settings.clientId,
      undefined,
      // The OIDC default for confidential clients; every provider supports it.
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_MS / 1000,
        // An operator who configures a plain-http issuer (an intranet IdP, a test) means it.
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    configuration.catch(() => configurations.delete(key));
    configurations.set(key, configuration);
  }
  return configuration;
}

/** Our provider key for this issuer: `sub` is only unique per issuer (OIDC Core §5.7). */
export async function oidcProviderKey(settings: OidcSettings): Promise<string> {
  return `oidc:${(await configurationOf(settings)).serverMetadata().issuer}`;
}

export async function oidcAuthorization(
  settings: OidcSettings,
  state: string,
  redirectUri: string,
): Promise<{ url: URL; codeVerifier: string; nonce: string }> {
  const configuration = await configurationOf(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, codeVerifier, nonce };
}

export async function oidcProfile(
  settings: OidcSettings,
  pending: PendingSignIn,
  response: { code: string; state: string; iss?: string | undefined },
): Promise<ThirdPartyProfile> {
  const configuration = await configurationOf(settings);
  const metadata = configuration.serverMetadata();
  const callbackUrl = new URL(pending.redirectUri);
  callbackUrl.searchParams.set('code', response.code);
  callbackUrl.searchParams.set('state', response.state);
  if (response.iss) callbackUrl.searchParams.set('iss', response.iss);
  else if (metadata.authorization_response_iss_parameter_supported) {
    // Our callback page may not forward `iss`. It guards against mixing up several providers
    // (RFC 9207); with the single issuer we trust there is nothing to mix up.
    callbackUrl.searchParams.set('iss', metadata.issuer);
  }
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedNonce: pending.nonce,
    expectedState: response.state,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('the provider sent no ID token');
  const userInfo = metadata.userinfo_endpoint
    ? await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
    : {};
  const claims: Record<string, unknown> = { ...idClaims, ...(isRecord(userInfo) ? userInfo : {}) };
  return {
    providerUserId: textOf(idClaims.sub),
    nickname: textOf(claims.name, 32) || textOf(claims.preferred_username, 32) || textOf(claims.nickname, 32),
    avatar: webUrlOf(claims.picture),
    homePage: webUrlOf(claims.website),
    description: '',
    // An unverified address could be anyone's; we keep only what the provider vouches for.
    email: claims.email_verified === true ? textOf(claims.email, 128) : '',
    raw: {
      sub: idClaims.sub,
      name: claims.name,
      preferred_username: claims.preferred_username,
      nickname: claims.nickname,
      picture: claims.picture,
      website: claims.website,
      email_verified: claims.email_verified,
    },
  };
}
