import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    name: 'web',
    isolate: false,
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
