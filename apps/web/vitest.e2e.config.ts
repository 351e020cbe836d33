import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    isolate: false,
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Longer than waitForHydration's two one-minute waits: a page that does not hydrate is then
    // reported and reloaded once (browser.ts) instead of the test timing out with nothing said.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
