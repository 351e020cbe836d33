import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { apiPaths, apiUrl, socketPath } from './api-paths.mjs';

/** Browser build only: React's API from Preact (see docs/limits.md, and docs/benchmark.md "First-load JavaScript"). */
const preactInBrowser: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactClient(): Plugin {
  return {
    name: 'forum:preact-client',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment: (name) =>
      name === 'client' ? { define: { 'import.meta.env.PREACT': 'true' } } : undefined,
    resolveId(source, importer, options) {
      const target = preactInBrowser[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [preactClient(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // In `react-router dev` the API paths go to the API process, as server.mjs does in production.
  server: {
    proxy: Object.fromEntries(
      apiPaths.map((path) => [
        path,
        path === socketPath ? { target: apiUrl, ws: true } : { target: apiUrl, changeOrigin: false },
      ]),
    ),
  },
});
