import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    isolate: false,
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
