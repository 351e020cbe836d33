/**
 * Where each provider lives and how we identify ourselves to it. The API builds this from its
 * environment; every endpoint is configurable so tests can point a provider at a local server.
 */
export interface GithubSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export interface OscSettings {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

export interface QqSettings {
  appId: string;
  appKey: string;
  baseUrl: string;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown to users, e.g. on the sign-in button and in the "disabled" text. */
  name: string;
}

export interface OAuthSettings {
  /** The site's public address; redirect URIs are `<baseUrl>/user/<provider>/callback`. */
  baseUrl: string;
  github?: GithubSettings;
  osc?: OscSettings;
  qq?: QqSettings;
  oidc?: OidcSettings;
}

/** How long a provider may take to answer one request before we give up. */
export const PROVIDER_TIMEOUT_MS = 10_000;
