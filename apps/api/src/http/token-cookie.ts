import type { Request, Response } from 'express';

/** The browser keeps the token in this HttpOnly cookie; API clients may ignore it and send the header. */
export const TOKEN_COOKIE = 'userToken';

export function setTokenCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.cookie(TOKEN_COOKIE, token, {
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    sameSite: 'lax',
    httpOnly: true,
    secure: req.secure,
  });
}

export function clearTokenCookie(req: Request, res: Response): void {
  res.clearCookie(TOKEN_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: req.secure });
}
