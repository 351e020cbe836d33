import type { Router } from 'express';
import { advertisedSiteConfig } from '@forum/core';
import { configuredProviders } from '../config';
import { handle } from './handler';

export function configRoutes(api: Router): void {
  api.get(
    '/config/configs',
    // Third-party sign-ins are advertised only when configured (the tRPC `config.get` twin too).
    handle(() => advertisedSiteConfig(configuredProviders())),
  );
}
