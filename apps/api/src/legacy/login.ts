/** Legacy sign-up, sign-in and sign-out (docs/legacy-api.md §1.4). */
import type { Request, Response, Router } from 'express';
import { signIn, signOut, signUp, type SignedIn } from '@forum/core';
import { tokenOf } from '../context';
import { sameSiteGet } from '../http/csrf';
import { clearTokenCookie, setTokenCookie } from '../http/token-cookie';
import { captchaRoutes } from './captcha';
import { contextOf } from './form';
import { ok, send } from './envelope';
import { stringFields, userRoutes } from './user';
import { legacyUserProfile } from './presenters/users';

type Fields = Record<string, string>;

/** bbs-go's PostValue fields (body only), with `ref` also taken from the query string. */
function loginForm(req: Request): Fields {
  const body = stringFields(req.body);
  return { ...body, ref: body.ref ?? stringFields(req.query).ref ?? '' };
}

function loginSuccess(signedIn: SignedIn) {
  return { token: signedIn.token, user: legacyUserProfile(signedIn.user), ref: signedIn.ref };
}

/** Every account endpoint: captcha, sign-up/in/out, current user, profiles and settings. */
export function accountRoutes(api: Router): void {
  captchaRoutes(api);
  loginRoutes(api);
  userRoutes(api);
}

function loginRoutes(api: Router): void {
  api.post('/login/signup', async (req, res) => {
    const signedIn = await signUp(contextOf(req, null), loginForm(req));
    setTokenCookie(req, res, signedIn.token, signedIn.maxAgeSeconds);
    send(res, ok(loginSuccess(signedIn)));
  });

  api.post('/login/signin', async (req, res) => {
    const signedIn = await signIn(contextOf(req, null), loginForm(req));
    setTokenCookie(req, res, signedIn.token, signedIn.maxAgeSeconds);
    send(res, ok(loginSuccess(signedIn)));
  });

  // bbs-go clients sign out with a GET and may name the token as `?userToken=`, the one place a
  // token is still read from a URL. A cross-site link must not sign a reader out: with the cookie,
  // the GET has to come from our pages; our web app posts.
  const signOutHandler = async (req: Request, res: Response) => {
    const fromQuery = stringFields(req.query).userToken;
    await signOut(fromQuery || (tokenOf(req)?.token ?? null));
    clearTokenCookie(req, res);
    send(res, ok(null));
  };
  api.get('/login/signout', sameSiteGet, signOutHandler);
  api.post('/login/signout', signOutHandler);
}
