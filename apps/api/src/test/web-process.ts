/**
 * The production web server (`apps/web/server.mjs`, on a fresh build of the web app) in front of a
 * test API: the public port, through which users, legacy clients and attackers reach the site.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@forum/infra/ports';
import { buildIfStale } from '@forum/infra/web-build';
import { startChildServer, type ChildServer } from './child-process';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

export interface WebProcess extends ChildServer {
  url: string;
}

export async function startWebProcess(apiUrl: string, env: Record<string, string> = {}): Promise<WebProcess> {
  await buildIfStale();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startChildServer([path.join(webDir, 'server.mjs')], {
    cwd: webDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      // No page cache: these tests go to the API paths and the health answers.
      REDIS_URL: '',
      ...env,
    },
    readyUrl: `${url}/healthz`,
    timeoutMs: 60_000,
  });
  return { ...server, url };
}
