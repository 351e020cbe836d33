/**
 * Third-party sign-in (GitHub, OSChina, QQ OAuth2 and one generic OpenID Connect provider): the
 * provider names, the inputs of the authorize and callback steps, their result, and the texts users see.
 */
import { z } from 'zod';
import { CurrentUserSchema } from './users';

export const OAuthProviders = ['github', 'osc', 'qq', 'oidc'] as const;
export const OAuthProviderSchema = z.enum(OAuthProviders);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** The legacy switches of `loginMethod` that exist for a provider (OIDC has none: configuring it enables it). */
export type OAuthLegacyProvider = Exclude<OAuthProvider, 'oidc'>;

/** Names of the built-in providers as the sign-in page shows them (OIDC's comes from OIDC_NAME). */
export const OAuthProviderNames = { github: 'GitHub', osc: '开源中国', qq: 'QQ' } as const satisfies Record<
  OAuthLegacyProvider,
  string
>;

export const OAuthProviderInfoSchema = z.object({ provider: OAuthProviderSchema, name: z.string() });
export type OAuthProviderInfo = z.infer<typeof OAuthProviderInfoSchema>;

export const OAUTH_REF_MAX_LENGTH = 1024;

export const OAuthMessages = {
  disabled: {
    github: 'Github登录/注册已禁用',
    osc: '开源中国账号登录/注册已禁用',
    qq: 'QQ登录/注册已禁用',
  } satisfies Record<OAuthLegacyProvider, string>,
  oidcDisabled: (name: string) => `${name}登录/注册已禁用`,
  stateInvalid: '登录状态已失效，请重新登录',
  providerFailed: '第三方登录失败，请稍后再试',
  userDisabled: '用户已被禁用',
} as const;

/** The page to return to after sign-in; an oversized one is dropped rather than refused. */
const refField = z
  .string()
  .default('')
  .transform((value) => (value.length > OAUTH_REF_MAX_LENGTH ? '' : value.trim()));

export const OAuthAuthorizeInputSchema = z.object({
  provider: OAuthProviderSchema,
  ref: refField,
});
export type OAuthAuthorizeInput = z.input<typeof OAuthAuthorizeInputSchema>;

export const OAuthAuthorizeResultSchema = z.object({ url: z.string() });
export type OAuthAuthorizeResult = z.infer<typeof OAuthAuthorizeResultSchema>;

/** What the provider sent back to our callback page; `iss` is forwarded when an OIDC provider adds it. */
export const OAuthCallbackInputSchema = z.object({
  provider: OAuthProviderSchema,
  code: z.string().trim().min(1, OAuthMessages.providerFailed).max(2048),
  state: z.string().trim().min(1, OAuthMessages.stateInvalid).max(256),
  iss: z.string().trim().max(2048).optional(),
});
export type OAuthCallbackInput = z.input<typeof OAuthCallbackInputSchema>;

/** A finished third-party sign-in over tRPC: the token is only in the HttpOnly cookie set with it. */
export const OAuthSignInResultSchema = z.object({
  user: CurrentUserSchema,
  ref: z.string(),
});
export type OAuthSignInResult = z.infer<typeof OAuthSignInResultSchema>;
