/** Legacy image captchas (docs/legacy-api.md §1.12). */
import type { Router } from 'express';
import { captchaImage, captchaUrl, requestCaptcha, siteBaseUrl, verifyCaptcha } from '@forum/core';
import { handle } from './handler';
import { stringFields } from './user';

export function captchaRoutes(api: Router): void {
  api.get(
    '/captcha/request',
    handle(async (req) => {
      const captchaId = await requestCaptcha(stringFields(req.query).captchaId?.trim() ?? '', req.ip ?? null);
      // The configured site address, never the request's Host (a forged Host must not steer it).
      return { captchaId, captchaUrl: captchaUrl(siteBaseUrl(), captchaId) };
    }),
  );

  api.get('/captcha/show', async (req, res) => {
    const image = await captchaImage(stringFields(req.query).captchaId ?? '', req.ip ?? null);
    if (!image) {
      res.status(404).end();
      return;
    }
    // Every fetch draws new digits, so nothing may be cached. A front end on another origin shows it.
    res
      .set({
        'content-type': 'image/png',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'cross-origin',
      })
      .send(image);
  });

  api.get(
    '/captcha/verify',
    handle(async (req) => {
      const { captchaId = '', captchaCode = '' } = stringFields(req.query);
      return { success: await verifyCaptcha(captchaId.trim(), captchaCode) };
    }),
  );
}
