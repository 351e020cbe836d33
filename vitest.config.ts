import { defineConfig } from 'vitest/config';

/**
 * One run for the whole monorepo. `npm test` starts the services first and passes MONGO_URL and
 * REDIS_URL; each test file then uses its own database and Redis prefix.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/core',
      'infra',
      'apps/api',
      'apps/worker',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.e2e.config.ts',
    ],
  },
});
