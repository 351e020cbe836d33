/**
 * Where the API process listens and the paths it answers, for the production server (server.mjs)
 * and the dev server (vite.config.ts) alike. Plain JavaScript: server.mjs runs without a build step.
 */
export const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** The socket.io path: its requests upgrade to a websocket. */
export const socketPath = '/socket.io';

export const apiPaths = [
  '/api',
  '/trpc',
  socketPath,
  '/uploads',
  '/atom.xml',
  '/topic_atom.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
];
