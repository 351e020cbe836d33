import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    include: ['src/**/*.test.ts'],
    // As in the other projects: a test on the real database may take seconds on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
