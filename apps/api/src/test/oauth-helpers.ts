/**
 * Local stand-ins for GitHub, OSChina and QQ: real HTTP servers that implement the token and
 * profile endpoints our sign-in calls, checking the client credentials, the redirect URI and the
 * one-time code as the real providers do.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { call, type HttpResult } from './client';
import { startTestApi, type TestApi } from './harness';

export interface ProviderUser {
  id: string;
  name: string;
  avatar: string;
}

export interface FakeProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A code the provider would send to our callback after this person agreed. */
  grant(user: ProviderUser): string;
  /** Makes the next token request fail the way the provider reports a bad code. */
  failNextTokenRequest(): void;
  close(): Promise<void>;
}

type Answer = { status?: number; json?: unknown; text?: string };

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Codes and access tokens as a provider keeps them: a code works once, for the URI it was issued to. */
class Grants {
  private codes = new Map<string, ProviderUser>();
  private tokens = new Map<string, ProviderUser>();
  failNext = false;

  grant(user: ProviderUser): string {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, user);
    return code;
  }

  /** The access token for a code, or null (and the code is gone) when it is unknown or used. */
  exchange(code: string | null): string | null {
    const user = code ? this.codes.get(code) : undefined;
    if (code) this.codes.delete(code);
    if (!user || this.failNext) {
      this.failNext = false;
      return null;
    }
    const token = randomBytes(12).toString('hex');
    this.tokens.set(token, user);
    return token;
  }

  userOf(token: string | null | undefined): ProviderUser | undefined {
    return token ? this.tokens.get(token) : undefined;
  }
}

/** What a route of a fake provider knows of the client registered with it. */
interface Registration {
  clientId: string;
  grants: Grants;
  /** The client id, secret and redirect URI sent in `params` are the registered ones. */
  credentialsOk(params: URLSearchParams): boolean;
}

/** One endpoint: `params` is the form body of a POST, the query string otherwise. */
type Route = (params: URLSearchParams, registration: Registration, req: IncomingMessage) => Answer;

interface ProviderSpec {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Keyed by `METHOD /path`; any other request is a 404. */
  routes: Record<string, Route>;
}

async function startFakeProvider(spec: ProviderSpec): Promise<FakeProvider> {
  const { clientId, clientSecret, redirectUri } = spec;
  const registration: Registration = {
    clientId,
    grants: new Grants(),
    credentialsOk: (params) =>
      params.get('client_id') === clientId &&
      params.get('client_secret') === clientSecret &&
      params.get('redirect_uri') === redirectUri,
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = req.method === 'POST' ? await readBody(req) : url.searchParams;
      const route = spec.routes[`${req.method} ${url.pathname}`];
      const answer = route ? route(params, registration, req) : { status: 404, text: 'not found' };
      res.statusCode = answer.status ?? 200;
      if (answer.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer.json));
      } else {
        res.setHeader('content-type', 'text/plain');
        res.end(answer.text ?? '');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    grant: (user) => registration.grants.grant(user),
    failNextTokenRequest: () => (registration.grants.failNext = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** GitHub: POST /login/oauth/access_token (form), GET /api/user with a bearer token. */
export function startFakeGithub(redirectUri: string): Promise<FakeProvider> {
  return startFakeProvider({
    clientId: 'gh-client',
    clientSecret: 'gh-secret',
    redirectUri,
    routes: {
      'POST /login/oauth/access_token': (form, { grants, credentialsOk }) => {
        if (!credentialsOk(form)) return { json: { error: 'incorrect_client_credentials' } };
        const token = grants.exchange(form.get('code'));
        // GitHub answers a bad code with HTTP 200 and an error field.
        if (!token)
          return { json: { error: 'bad_verification_code', error_description: 'The code is incorrect.' } };
        return { json: { access_token: token, token_type: 'bearer', scope: '' } };
      },
      'GET /api/user': (_query, { grants }, req) => {
        const user = grants.userOf(req.headers.authorization?.replace(/^Bearer /, ''));
        if (!user) return { status: 401, json: { message: 'Bad credentials' } };
        return {
          json: {
            id: Number(user.id),
            login: `login${user.id}`,
            name: user.name,
            avatar_url: user.avatar,
            html_url: `https://github.com/login${user.id}`,
            blog: '',
            bio: '研究语音识别',
          },
        };
      },
    },
  });
}

/** OSChina: GET /action/openapi/token and /action/openapi/user, all in the query string. */
export function startFakeOsc(redirectUri: string): Promise<FakeProvider> {
  return startFakeProvider({
    clientId: 'osc-client',
    clientSecret: 'osc-secret',
    redirectUri,
    routes: {
      'GET /action/openapi/token': (query, { grants, credentialsOk }) => {
        if (!credentialsOk(query) || query.get('grant_type') !== 'authorization_code') {
          return { status: 400, json: { error: 'invalid_client', error_description: 'bad client' } };
        }
        const token = grants.exchange(query.get('code'));
        if (!token) return { status: 400, json: { error: 'invalid_grant', error_description: 'bad code' } };
        return { json: { access_token: token, token_type: 'bearer', expires_in: 604800, uid: 1 } };
      },
      'GET /action/openapi/user': (query, { grants }) => {
        const user = grants.userOf(query.get('access_token'));
        if (!user) return { status: 401, json: { error: 'invalid_token', error_description: 'bad token' } };
        return {
          json: {
            id: Number(user.id),
            email: 'someone@example.com',
            name: user.name,
            gender: 'male',
            avatar: user.avatar,
            location: '北京',
            url: `https://my.oschina.net/u/${user.id}`,
          },
        };
      },
    },
  });
}

/**
 * QQ Connect: GET /oauth2.0/token, /oauth2.0/me (openid + unionid) and /user/get_user_info.
 * `ProviderUser.id` is the unionid; the openid differs from it, as it does at QQ.
 */
export function startFakeQq(redirectUri: string): Promise<FakeProvider> {
  return startFakeProvider({
    clientId: 'qq-app-id',
    clientSecret: 'qq-app-key',
    redirectUri,
    routes: {
      'GET /oauth2.0/token': (query, { grants, credentialsOk }) => {
        if (!credentialsOk(query) || query.get('fmt') !== 'json') {
          return { json: { error: 100010, error_description: 'client credentials are invalid' } };
        }
        const token = grants.exchange(query.get('code'));
        if (!token) return { json: { error: 100019, error_description: 'code to access token error' } };
        return { json: { access_token: token, expires_in: '7776000', refresh_token: 'r' } };
      },
      'GET /oauth2.0/me': (query, { grants, clientId }) => {
        const user = grants.userOf(query.get('access_token'));
        if (!user || query.get('unionid') !== '1') {
          return { json: { error: 100016, error_description: 'access token check failed' } };
        }
        return { json: { client_id: clientId, openid: `openid-${user.id}`, unionid: user.id } };
      },
      'GET /user/get_user_info': (query, { grants, clientId }) => {
        const user = grants.userOf(query.get('access_token'));
        if (
          !user ||
          query.get('oauth_consumer_key') !== clientId ||
          query.get('openid') !== `openid-${user.id}`
        ) {
          return { json: { ret: 1002, msg: 'invalid openid' } };
        }
        return {
          json: {
            ret: 0,
            msg: '',
            nickname: user.name,
            figureurl_qq_1: `${user.avatar}?s=40`,
            figureurl_qq_2: user.avatar,
          },
        };
      },
    },
  });
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs in as `accountId` and
   * consents, following redirects with the provider's cookies, and returns the query the provider
   * sends to our callback page (code, state, iss).
   */
  signIn(authorizationUrl: string, accountId: string): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (`oidc-provider`) with its development login and consent pages. */
export async function startOidcProvider(
  redirectUri: string,
  accounts: Record<string, Record<string, unknown>>,
): Promise<TestOidcProvider> {
  const { default: Provider } = await import('oidc-provider');
  const clientId = 'forum';
  const clientSecret = 'forum-secret-forum-secret-forum-secret';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture'],
      email: ['email', 'email_verified'],
    },
    findAccount: (_ctx, sub) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
    cookies: { keys: ['test-cookie-key'] },
    // Explicit lifetimes, so the provider does not print a notice for each default it uses.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true } },
  });
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the provider's Koa handler answers its own errors
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, accountId: string): Promise<URLSearchParams> {
    const cookies = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
    };
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let next = new URL(authorizationUrl);
    for (let step = 0; step < 10; step++) {
      if (next.href.startsWith(redirectUri)) return next.searchParams;
      let response = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      remember(response);
      if (next.pathname.startsWith('/interaction/')) {
        // The development pages post a `prompt` field: a login form, then a consent form.
        const page = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const form = new URLSearchParams({ prompt: prompt ?? '' });
        if (prompt === 'login') form.set('login', accountId);
        response = await fetch(next, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        });
        remember(response);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${next.pathname} (${response.status})`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An API at `baseUrl` whose sign-in routes read their provider settings (`env`) from the
 * environment. Closing it puts the environment back: the files of a project share one process
 * (`isolate: false`), and a provider left configured would be advertised to the next file.
 */
export async function startOAuthApi(baseUrl: string, env: Record<string, string>): Promise<TestApi> {
  const changed = { BASE_URL: baseUrl, ...env };
  const previous = Object.fromEntries(Object.keys(changed).map((key) => [key, process.env[key]]));
  // The routes read their provider settings from the environment, as in production.
  Object.assign(process.env, changed);
  const api = await startTestApi({ BASE_URL: baseUrl });
  const close = api.close;
  api.close = async () => {
    await close();
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  return api;
}

/** A sign-in started at our API in one browser: the state and that browser's sign-in cookie. */
export interface StartedSignIn {
  state: string;
  /** The `Cookie` header the browser sends back (its `oauthBrowser` cookie), '' without one. */
  browser: string;
}

/** The `oauthBrowser=…` pair of a response's cookies, as a `Cookie` header would carry it. */
export function browserCookieOf(headers: Headers): string {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('oauthBrowser='));
  return line?.split(';')[0] ?? '';
}

/**
 * Starts a sign-in at our API: the provider's URL it sends the browser to, the state in it and the
 * browser's cookie. `browser` is the cookie of a browser that started one before (it is kept).
 */
export async function authorizeAt(
  t: TestApi,
  provider: string,
  ref = '',
  browser = '',
): Promise<StartedSignIn & { url: URL }> {
  const { body, headers } = await call(t, `/api/${provider}/login/authorize?ref=${encodeURIComponent(ref)}`, {
    headers: browser ? { cookie: browser } : {},
  });
  expect(body.success, body.message).toBe(true);
  const url = new URL(body.data.url);
  return { url, state: url.searchParams.get('state')!, browser: browserCookieOf(headers) || browser };
}

/** Hands what the provider sent back (its code, our state, the issuer when given) to our callback. */
export function callbackAt(
  t: TestApi,
  provider: string,
  code: string,
  started: StartedSignIn,
  iss?: string,
): Promise<HttpResult> {
  const query = new URLSearchParams({ code, state: started.state });
  if (iss !== undefined) query.set('iss', iss);
  return call(t, `/api/${provider}/login/callback?${query}`, {
    headers: started.browser ? { cookie: started.browser } : {},
  });
}
