/**
 * A second API, started as its own OS process (`node --import tsx apps/api/src/main.ts`, so the pid
 * is the API's own and its memory can be read) on the database and Redis prefix the test chooses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@forum/infra/ports';
import { startChildServer, type ChildServer } from './child-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ApiProcess extends ChildServer {
  url: string;
  /** The resident memory of the process now, in bytes (Linux). */
  rss(): number;
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startChildServer(['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // vitest sets BASE_URL=/ for Vite; the API needs a real one.
      BASE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      OWNER_USERNAME: 'owner',
      OWNER_PASSWORD: 'owner-password',
      ...env,
      PORT: String(port),
    },
    readyUrl: `${url}/readyz`,
  });
  return {
    ...server,
    url,
    rss: () => {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (!kib) throw new Error(`no VmRSS for ${server.pid}`);
      return Number(kib) * 1024;
    },
  };
}
