/**
 * Third-party sign-in over the legacy REST layer (docs/legacy-api.md §1.12, §4.15):
 * `GET /api/{github,osc,qq,oidc}/login/authorize?ref=` ⇒ `{url}`, and
 * `GET /api/{github,osc,qq,oidc}/login/callback?code&state` ⇒ LoginSuccess `{token, user, ref}`.
 */
import type { Request, Response, Router } from 'express';
import { OAuthProviders, OAUTH_REF_MAX_LENGTH, type OAuthProvider } from '@forum/contracts';
import { AppError, completeThirdPartySignIn, startThirdPartySignIn } from '@forum/core';
import { oauthSettings } from '../config';
import { requestLog } from '../context';
import { browserSecretFor, browserSecretOf } from '../http/oauth-cookie';
import { setTokenCookie } from '../http/token-cookie';
import { ok, send } from './envelope';
import { legacyUserProfile } from './presenters/users';

/** A legacy "FormValue": query string or form body, '' when absent, cut to a sane length. */
function formValue(req: Request, name: string, max: number): string {
  const body = req.body as Record<string, unknown> | undefined;
  const value = req.query[name] ?? body?.[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function callback(provider: OAuthProvider) {
  return async (req: Request, res: Response): Promise<void> => {
    const iss = formValue(req, 'iss', 2048);
    const signedIn = await completeThirdPartySignIn(oauthSettings(), {
      provider,
      code: formValue(req, 'code', 2048),
      state: formValue(req, 'state', 256),
      ...(iss ? { iss } : {}),
      browserSecret: browserSecretOf(req),
    }).catch((error: unknown) => {
      // The person sees one short text; operators need the provider's actual answer.
      if (AppError.is(error) && error.code === 'INTERNAL') {
        requestLog(req).warn({ err: error.cause, provider }, 'third-party sign-in failed');
      }
      throw error;
    });
    const { token, user, ref, maxAgeSeconds } = signedIn;
    setTokenCookie(req, res, token, maxAgeSeconds);
    send(res, ok({ token, user: legacyUserProfile(user), ref }));
  };
}

export function oauthRoutes(api: Router): void {
  for (const provider of OAuthProviders) {
    api.get(`/${provider}/login/authorize`, async (req, res) => {
      const started = await startThirdPartySignIn(
        oauthSettings(),
        provider,
        formValue(req, 'ref', OAUTH_REF_MAX_LENGTH),
        browserSecretFor(req, res),
      );
      send(res, ok(started));
    });
    api.get(`/${provider}/login/callback`, callback(provider));
  }
}
