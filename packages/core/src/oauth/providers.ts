/**
 * The three classic OAuth2 providers of bbs-go (docs/legacy-api.md §4.15): how to send a person to
 * them, and how to turn the code they send back into a profile.
 */
import type { OAuthLegacyProvider } from '@forum/contracts';
import { isRecord, textOf, webUrlOf, type ThirdPartyProfile } from './profile';
import {
  PROVIDER_TIMEOUT_MS,
  type GithubSettings,
  type OAuthSettings,
  type OscSettings,
  type QqSettings,
} from './settings';

/** A provider refused or failed; the message is for operators (it never carries tokens). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** One configured OAuth2 provider, ready to use. */
export interface OAuth2Client {
  authorizeUrl(state: string, redirectUri: string): URL;
  profile(code: string, redirectUri: string): Promise<ThirdPartyProfile>;
}

interface ProviderImplementation<S> {
  authorizeUrl(settings: S, state: string, redirectUri: string): URL;
  profile(settings: S, code: string, redirectUri: string): Promise<ThirdPartyProfile>;
}

function endpoint(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

function withQuery(address: string, query: Record<string, string>): URL {
  const url = new URL(address);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

/** QQ wraps some answers in JSONP (`callback( {...} );`) whatever `fmt` says. */
function parseBody(text: string): unknown {
  const trimmed = text.trim();
  const jsonp = /^[\w$.]+\(\s*([\s\S]*?)\s*\);?$/.exec(trimmed);
  try {
    return JSON.parse(jsonp ? jsonp[1]! : trimmed);
  } catch {
    return undefined;
  }
}

async function requestJson(url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  // GitHub refuses API calls without a User-Agent.
  headers.set('user-agent', 'forum-oauth');
  const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  const body = parseBody(await response.text());
  if (!response.ok) throw new ProviderError(`${url.pathname} answered HTTP ${response.status}`);
  if (!isRecord(body))
    throw new ProviderError(`${url.pathname} answered something that is not a JSON object`);
  const error = body.error;
  if ((typeof error === 'string' && error) || (typeof error === 'number' && error !== 0)) {
    throw new ProviderError(
      `${url.pathname} answered error ${String(error)}: ${textOf(body.error_description)}`,
    );
  }
  return body;
}

function accessTokenOf(body: Record<string, unknown>, path: string): string {
  const token = textOf(body.access_token, 4096);
  if (!token) throw new ProviderError(`${path} answered no access_token`);
  return token;
}

function idOf(value: unknown, what: string): string {
  const id = textOf(value, 256);
  if (!id) throw new ProviderError(`the profile has no ${what}`);
  return id;
}

const github: ProviderImplementation<GithubSettings> = {
  authorizeUrl(settings: GithubSettings, state: string, redirectUri: string): URL {
    return withQuery(settings.authorizeUrl, {
      client_id: settings.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state,
    });
  },

  async profile(settings: GithubSettings, code: string, redirectUri: string): Promise<ThirdPartyProfile> {
    const token = await requestJson(new URL(settings.tokenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
    });
    const user = await requestJson(endpoint(settings.apiUrl, '/user'), {
      headers: {
        authorization: `Bearer ${accessTokenOf(token, 'token')}`,
        accept: 'application/vnd.github+json',
      },
    });
    return {
      providerUserId: idOf(user.id, 'id'),
      nickname: textOf(user.name, 32) || textOf(user.login, 32),
      avatar: webUrlOf(user.avatar_url),
      homePage: webUrlOf(user.blog) || webUrlOf(user.html_url),
      description: textOf(user.bio, 1024),
      email: '',
      raw: user,
    };
  },
};

const osc: ProviderImplementation<OscSettings> = {
  authorizeUrl(settings: OscSettings, state: string, redirectUri: string): URL {
    return endpoint(settings.baseUrl, '/action/oauth2/authorize', {
      client_id: settings.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      state,
    });
  },

  async profile(settings: OscSettings, code: string, redirectUri: string): Promise<ThirdPartyProfile> {
    const token = await requestJson(
      endpoint(settings.baseUrl, '/action/openapi/token', {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        dataType: 'json',
      }),
    );
    const user = await requestJson(
      endpoint(settings.baseUrl, '/action/openapi/user', {
        access_token: accessTokenOf(token, 'token'),
        dataType: 'json',
      }),
    );
    return {
      providerUserId: idOf(user.id, 'id'),
      nickname: textOf(user.name, 32),
      avatar: webUrlOf(user.avatar),
      homePage: webUrlOf(user.url),
      description: '',
      email: '',
      raw: user,
    };
  },
};

const qq: ProviderImplementation<QqSettings> = {
  authorizeUrl(settings: QqSettings, state: string, redirectUri: string): URL {
    return endpoint(settings.baseUrl, '/oauth2.0/authorize', {
      response_type: 'code',
      client_id: settings.appId,
      redirect_uri: redirectUri,
      state,
      scope: 'get_user_info',
    });
  },

  async profile(settings: QqSettings, code: string, redirectUri: string): Promise<ThirdPartyProfile> {
    const token = await requestJson(
      endpoint(settings.baseUrl, '/oauth2.0/token', {
        grant_type: 'authorization_code',
        client_id: settings.appId,
        client_secret: settings.appKey,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      }),
    );
    const accessToken = accessTokenOf(token, 'token');
    const me = await requestJson(
      endpoint(settings.baseUrl, '/oauth2.0/me', { access_token: accessToken, unionid: '1', fmt: 'json' }),
    );
    const openid = idOf(me.openid, 'openid');
    const info = await requestJson(
      endpoint(settings.baseUrl, '/user/get_user_info', {
        access_token: accessToken,
        oauth_consumer_key: settings.appId,
        openid,
      }),
    );
    if (info.ret !== 0) {
      throw new ProviderError(`get_user_info:ret=${String(info.ret)},msg=${textOf(info.msg)}`);
    }
    return {
      // The unionid is the same across all our QQ apps; openid only when the app has no unionid access.
      providerUserId: textOf(me.unionid, 256) || openid,
      nickname: textOf(info.nickname, 32),
      avatar: webUrlOf(info.figureurl_qq_2) || webUrlOf(info.figureurl_qq_1),
      homePage: '',
      description: '',
      email: '',
      raw: { ...info, openid, unionid: textOf(me.unionid, 256) },
    };
  },
};

function bind<S>(
  implementation: ProviderImplementation<S>,
  settings: S | undefined,
): OAuth2Client | undefined {
  if (!settings) return undefined;
  return {
    authorizeUrl: (state, redirectUri) => implementation.authorizeUrl(settings, state, redirectUri),
    profile: (code, redirectUri) => implementation.profile(settings, code, redirectUri),
  };
}

/** The OAuth 2 client of a provider (GitHub, OSChina, QQ), or undefined when this site has not configured it. */
export function oauth2ClientOf(
  settings: OAuthSettings,
  provider: OAuthLegacyProvider,
): OAuth2Client | undefined {
  switch (provider) {
    case 'github':
      return bind(github, settings.github);
    case 'osc':
      return bind(osc, settings.osc);
    case 'qq':
      return bind(qq, settings.qq);
  }
}
