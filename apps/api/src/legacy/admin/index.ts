/** The legacy admin endpoints of the console's moderation screens; each goes through `guard.ts`. */
import type { Router } from 'express';
import { adminContentRoutes } from './content';
import { adminLogRoutes } from './logs';
import { adminRowRoutes } from './rows';
import { adminUserRoutes } from './users';

export function adminRoutes(api: Router): void {
  adminUserRoutes(api);
  adminContentRoutes(api);
  adminLogRoutes(api);
  adminRowRoutes(api);
}
