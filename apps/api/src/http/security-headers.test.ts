import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { afterAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../app';
import { securityHeaders } from './security-headers';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function headersOf(middleware: express.RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/x', (_req, res) => void res.json({ ok: true }));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  return headers;
}

describe('the prepared security headers', () => {
  it('are exactly the headers helmet sets for the same options', async () => {
    const prepared = await headersOf(securityHeaders(SECURITY_HEADERS));
    expect(prepared).toEqual(await headersOf(helmet(SECURITY_HEADERS)));
    expect(prepared).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(prepared['content-security-policy']).toBeUndefined();
  });
});
