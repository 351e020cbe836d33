import type { Router } from 'express';
import { AppError, getSiteConfig, saveSiteConfig } from '@forum/core';
import { requireAdmin } from './auth';
import { handle } from './handler';

export function configRoutes(api: Router): void {
  api.get(
    '/config/configs',
    handle(() => getSiteConfig()),
  );
}

export function adminConfigRoutes(api: Router): void {
  api.get(
    '/admin/sys-config/all',
    handle(async (req) => {
      await requireAdmin(req, true);
      return getSiteConfig();
    }),
  );
  api.post(
    '/admin/sys-config/save',
    handle(async (req) => {
      const user = await requireAdmin(req, true);
      const raw = (req.body as Record<string, unknown> | undefined)?.config;
      let patch: unknown;
      try {
        patch = typeof raw === 'string' ? JSON.parse(raw) : undefined;
      } catch {
        patch = undefined;
      }
      if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
        throw new AppError('INVALID_INPUT', '配置数据格式错误');
      }
      await saveSiteConfig(user._id, patch);
      return null;
    }),
  );
}
