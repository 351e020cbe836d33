export { ThirdAccount, type ThirdAccountDoc } from './model';
export type { GithubSettings, OAuthSettings, OidcSettings, OscSettings, QqSettings } from './settings';
export {
  advertisedSiteConfig,
  completeThirdPartySignIn,
  listThirdPartyProviders,
  startThirdPartySignIn,
  type ThirdPartySignIn,
} from './sign-in';
export { isBrowserSecret, newBrowserSecret } from './state';
