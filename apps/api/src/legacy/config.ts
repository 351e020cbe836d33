import type { Router } from 'express';
import { getSiteConfig } from '@forum/core';
import { handle } from './handler';

export function configRoutes(api: Router): void {
  api.get(
    '/config/configs',
    handle(() => getSiteConfig()),
  );
}
