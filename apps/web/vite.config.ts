import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** In `react-router dev` the API paths go to the API process, as server.mjs does in production. */
const proxied = [
  '/api',
  '/trpc',
  '/uploads',
  '/atom.xml',
  '/topic_atom.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiUrl, changeOrigin: false }])),
      '/socket.io': { target: apiUrl, ws: true },
    },
  },
});
