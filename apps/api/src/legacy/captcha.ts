/** Legacy image captchas (legacy-api.md §1.12). */
import type { Request, Router } from 'express';
import { captchaImage, captchaUrl, requestCaptcha, verifyCaptcha } from '@forum/core';
import { handle } from './handler';
import { stringFields } from './user';

/**
 * The origin the client reached us at. The web app proxies /api with the Host header kept, so this
 * is the site's own address there; behind other proxies `trust proxy` makes it honour X-Forwarded-*.
 */
function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function captchaRoutes(api: Router): void {
  api.get(
    '/captcha/request',
    handle(async (req) => {
      const captchaId = await requestCaptcha(stringFields(req.query).captchaId?.trim() ?? '', req.ip ?? null);
      return { captchaId, captchaUrl: captchaUrl(originOf(req), captchaId) };
    }),
  );

  api.get('/captcha/show', async (req, res) => {
    const image = await captchaImage(stringFields(req.query).captchaId ?? '', req.ip ?? null);
    if (!image) {
      res.status(404).end();
      return;
    }
    // Every fetch draws new digits, so nothing may be cached.
    res.set({ 'content-type': 'image/png', 'cache-control': 'no-store' }).send(image);
  });

  api.get(
    '/captcha/verify',
    handle(async (req) => {
      const { captchaId = '', captchaCode = '' } = stringFields(req.query);
      return { success: await verifyCaptcha(captchaId.trim(), captchaCode) };
    }),
  );
}
